import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { optionalApplicationIconSchema } from '@dxp/contracts/application-icon-schema';
import { nameSchema, optionalTextSchema } from '@dxp/contracts/text';
import { secureWebAddressSchema } from '@dxp/contracts/web-address-schema';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { escapeLikePattern } from '../../db/filter-conditions.js';
import type { Bind } from '../../db/prepared-statements.js';
import { findPage, type Page, type PageRequest, resolveSortTerms } from '../../db/keyset-pagination.js';
import {
  type ApplicationRow,
  applications,
  appRequests,
  type TeamApplicationStatus,
  teamApplications,
} from '../../db/schema/applications.js';
import { type TeamRole, teamMembers, teams } from '../../db/schema/teams.js';
import { AppError } from '../../errors.js';
import { jsonObjectSchema } from '../../lib/json-object.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { isPendingRequestOf } from './pending-request.js';

const applicationNameSchema = nameSchema('a name');
const optionalWebAddress = z
  .string()
  .trim()
  .nullish()
  .transform((text) => (text === '' ? null : text))
  .pipe(secureWebAddressSchema.nullish());

const applicationFields = {
  name: applicationNameSchema,
  description: optionalTextSchema(2000),
  url: secureWebAddressSchema,
  logoUrl: optionalWebAddress,
  icon: optionalApplicationIconSchema,
  meta: jsonObjectSchema.nullish(),
  isDxp: z.boolean().nullish(),
  termsDate: z.date().nullish(),
  termsLink: optionalWebAddress,
  billingProductId: optionalTextSchema(100),
};

export const createApplicationInputSchema = z.object(applicationFields);
export type CreateApplicationInput = z.input<typeof createApplicationInputSchema>;

/** Fields left out stay as they are; `null` clears an optional one (name and url cannot be cleared). */
export const updateApplicationInputSchema = z.object({
  id: z.string(),
  ...applicationFields,
  name: applicationNameSchema.nullish(),
  url: secureWebAddressSchema.nullish(),
});
export type UpdateApplicationInput = z.input<typeof updateApplicationInputSchema>;

export const applicationNotFound = () => new AppError('NOT_FOUND', 'Application not found.');

/** Turns the unique index's refusal into DUPLICATE_VALUE, so two simultaneous saves cannot both win. */
async function withUniqueName<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'applications_name_unique')) {
      throw new AppError('DUPLICATE_VALUE', 'Another application already has this name.', { field: 'name' });
    }
    throw error;
  }
}

/** System admins add an application to the catalogue. */
export async function createApplication(
  db: DatabaseExecutor,
  options: { actor: Actor; input: CreateApplicationInput },
): Promise<ApplicationRow> {
  const { actor } = options;
  const input = createApplicationInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    const [application] = await withUniqueName(() =>
      transaction
        .insert(applications)
        .values({
          name: input.name,
          description: input.description ?? null,
          url: input.url,
          logoUrl: input.logoUrl ?? null,
          icon: input.icon ?? null,
          meta: input.meta ?? {},
          isDxp: input.isDxp ?? false,
          termsDate: input.termsDate ?? null,
          termsLink: input.termsLink ?? null,
          billingProductId: input.billingProductId ?? null,
        })
        .returning(),
    );
    await recordEvent(transaction, {
      eventType: 'application.created',
      actor,
      payload: { applicationId: application!.id, ...input },
    });
    return application!;
  });
}

/** System admins edit an application; only the fields sent change. */
export async function updateApplication(
  db: DatabaseExecutor,
  options: { actor: Actor; input: UpdateApplicationInput },
): Promise<ApplicationRow> {
  const { actor } = options;
  const { id, ...changes } = updateApplicationInputSchema.parse(options.input);
  if (!z.uuid().safeParse(id).success) throw applicationNotFound();
  return db.transaction(async (transaction) => {
    const [application] = await withUniqueName(() =>
      transaction
        .update(applications)
        .set({
          name: changes.name ?? undefined,
          url: changes.url ?? undefined,
          description: changes.description,
          logoUrl: changes.logoUrl,
          icon: changes.icon,
          meta: changes.meta === null ? {} : changes.meta,
          isDxp: changes.isDxp ?? undefined,
          termsDate: changes.termsDate,
          termsLink: changes.termsLink,
          billingProductId: changes.billingProductId,
          updatedAt: new Date(),
        })
        .where(eq(applications.id, id))
        .returning(),
    );
    if (!application) throw applicationNotFound();
    await recordEvent(transaction, {
      eventType: 'application.updated',
      actor,
      payload: { applicationId: id, changes },
    });
    return application;
  });
}

/**
 * A catalogue search and the shape it gives a statement: `name` or `description` contains `search`, ignoring
 * case (`%` and `_` match literally).
 */
export function applicationSearch(search: string | null | undefined) {
  const text = search?.trim();
  const pattern = text ? `%${escapeLikePattern(text)}%` : undefined;
  return {
    shape: pattern ? 'search' : 'all',
    condition: (bind: Bind) => {
      if (!pattern) return undefined;
      const boundPattern = bind(pattern);
      return sql`(${applications.name} ilike ${boundPattern} or ${applications.description} ilike ${boundPattern})`;
    },
  };
}

/** Lists of applications go by name, the id breaking ties (the `applications_name_order` index). */
export function applicationNameOrder() {
  return resolveSortTerms({
    order: null,
    sortable: { name: applications.name },
    defaultOrder: [{ name: 'ASC' }],
    id: applications.id,
  });
}

/** Who is looking at applications' teams: a system admin sees every team, anyone else only their own. */
export interface ApplicationViewer {
  userId: string;
  isSystemAdmin: boolean;
}

/** A team that has been granted an application, as `Application.teams` shows it. */
export interface ApplicationTeam {
  applicationId: string;
  friendlyId: string;
  name: string;
  status: TeamApplicationStatus;
}

/** A catalogue entry; `visibleTeams` is read with the page when the caller asked for `teams`. */
export type CatalogueApplication = ApplicationRow & { visibleTeams?: ApplicationTeam[] };

/**
 * The catalogue for anyone signed in, by name then id, in ONE statement per page walking the
 * `applications_name_order` index: the page's `withTotalCount` adds the count of every match as a scalar subquery
 * (run once, but it reads every match, so the client asks for it on the first page only), `teamsViewer`
 * adds each application's teams that viewer may see as a correlated `json_agg` subquery.
 */
export async function listApplications(
  db: DatabaseExecutor,
  options: { search?: string | null; page: PageRequest; teamsViewer?: ApplicationViewer },
): Promise<Page<CatalogueApplication>> {
  const { teamsViewer } = options;
  const search = applicationSearch(options.search);
  const teamsShape = teamsViewer ? (teamsViewer.isSystemAdmin ? 'all teams' : 'own teams') : 'no teams';
  return findPage({
    db,
    table: applications,
    shape: `${search.shape} ${teamsShape}`,
    where: search.condition,
    sortTerms: applicationNameOrder(),
    page: options.page,
    extraColumns: teamsViewer
      ? (bind) => ({ visibleTeams: visibleTeamsOfEachApplication(db, teamsViewer, bind) })
      : undefined,
  });
}

/** Teams of `teams` joined to `team_applications` that `viewer` may see: all for a system admin, else their own enabled ones. */
function isTeamVisibleTo(db: DatabaseExecutor, viewer: ApplicationViewer, bind?: Bind) {
  if (viewer.isSystemAdmin) return undefined;
  const isViewersTeam = exists(
    db
      .select({ one: sql`1` })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, bind ? bind(viewer.userId) : viewer.userId))),
  );
  // `true` as SQL, not a parameter: a shaped statement binds only what changes between calls.
  return and(eq(teams.enabled, sql`true`), isViewersTeam);
}

/** For the outer query's `applications` row: its teams `viewer` may see, by name, as a JSON array. */
function visibleTeamsOfEachApplication(db: DatabaseExecutor, viewer: ApplicationViewer, bind: Bind) {
  const teamsJson = db
    .select({
      teams: sql`coalesce(json_agg(json_build_object(
        'applicationId', ${teamApplications.applicationId}, 'friendlyId', ${teams.friendlyId},
        'name', ${teams.name}, 'status', ${teamApplications.status}) order by ${teams.name}, ${teams.id}), '[]'::json)`,
    })
    .from(teamApplications)
    .innerJoin(teams, eq(teams.id, teamApplications.teamId))
    .where(and(eq(teamApplications.applicationId, applications.id), isTeamVisibleTo(db, viewer, bind)));
  return sql<ApplicationTeam[]>`${teamsJson}`;
}

export async function requireApplication(
  db: DatabaseExecutor,
  options: { applicationId: string },
): Promise<ApplicationRow> {
  const { applicationId } = options;
  const [application] = z.uuid().safeParse(applicationId).success
    ? await db.select().from(applications).where(eq(applications.id, applicationId))
    : [];
  if (!application) throw applicationNotFound();
  return application;
}

/**
 * The teams granted each application, in one statement for a whole page: every team for a system admin,
 * otherwise only the viewer's own enabled teams, so other teams are never revealed.
 */
export async function listApplicationTeams(
  db: DatabaseExecutor,
  options: { viewer: ApplicationViewer; applicationIds: readonly string[] },
): Promise<ApplicationTeam[]> {
  const { viewer, applicationIds } = options;
  return db
    .select({
      applicationId: teamApplications.applicationId,
      friendlyId: teams.friendlyId,
      name: teams.name,
      status: teamApplications.status,
    })
    .from(teamApplications)
    .innerJoin(teams, eq(teams.id, teamApplications.teamId))
    .where(and(inArray(teamApplications.applicationId, [...applicationIds]), isTeamVisibleTo(db, viewer)))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** One of the caller's teams as the application's detail page shows it. */
export interface AppInfoTeam {
  friendlyId: string;
  name: string;
  roleName: TeamRole;
  status: TeamApplicationStatus | null;
  hasPendingRequest: boolean;
  canManage: boolean;
}

/** The caller's view of one application: the application and each of the caller's enabled teams' state. */
export async function findAppInfo(
  db: DatabaseExecutor,
  options: { actor: Actor; applicationId: string },
): Promise<{ application: ApplicationRow; myTeams: AppInfoTeam[] }> {
  const { actor } = options;
  const application = await requireApplication(db, options);
  const rows = await db
    .select({
      friendlyId: teams.friendlyId,
      name: teams.name,
      roleName: teamMembers.role,
      status: teamApplications.status,
      hasPendingRequest: exists(
        db
          .select({ one: sql`1` })
          .from(appRequests)
          .where(isPendingRequestOf({ teamId: teams.id, applicationId: application.id })),
      ).mapWith(Boolean),
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(
      teamApplications,
      and(eq(teamApplications.teamId, teams.id), eq(teamApplications.applicationId, application.id)),
    )
    .where(and(eq(teamMembers.userId, actor.user.id), eq(teams.enabled, true)))
    .orderBy(asc(teams.name), asc(teams.id));
  return {
    application,
    myTeams: rows.map((row) => ({
      ...row,
      // Owners and admins toggle an application already granted; system admins any.
      canManage: actor.user.isSystemAdmin || (row.status !== null && row.roleName !== 'TeamMember'),
    })),
  };
}

/** An application tile on the dashboard. */
export interface HomepageApplication {
  id: string;
  name: string;
  url: string;
  logoUrl: string | null;
  icon: string | null;
  teamFriendlyId: string;
  teamName: string;
}

/** ENABLED applications of the caller's enabled teams, by team name then application name, in one statement. */
export async function listHomepageApplications(
  db: DatabaseExecutor,
  options: { actor: Actor },
): Promise<HomepageApplication[]> {
  return db
    .select({
      id: applications.id,
      name: applications.name,
      url: applications.url,
      logoUrl: applications.logoUrl,
      icon: applications.icon,
      teamFriendlyId: teams.friendlyId,
      teamName: teams.name,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(teamApplications, eq(teamApplications.teamId, teams.id))
    .innerJoin(applications, eq(applications.id, teamApplications.applicationId))
    .where(
      and(
        eq(teamMembers.userId, options.actor.user.id),
        eq(teams.enabled, true),
        eq(teamApplications.status, 'ENABLED'),
      ),
    )
    .orderBy(asc(teams.name), asc(teams.id), asc(applications.name), asc(applications.id));
}
