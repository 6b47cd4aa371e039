import { and, eq, exists, inArray, not, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { findPage, mapPageNodes, type Page, type PageRequest } from '../../db/keyset-pagination.js';
import type { Bind } from '../../db/prepared-statements.js';
import {
  type ApplicationRow,
  applications,
  appRequests,
  type TeamApplicationStatus,
  teamApplications,
  teamApplicationStatuses,
} from '../../db/schema/applications.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { anyTeamRole, findTeamByIdForActor, findTeamForActor, teamManagers } from '../teams/team-access.js';
import { applicationNameOrder, applicationSearch, requireApplication } from './applications.service.js';

/** An application granted to a team, with the grant's state. */
export type TeamApplicationNode = ApplicationRow & {
  status: TeamApplicationStatus;
  disabledBySystemAdmin: boolean;
  grantedAt: Date;
};

/**
 * A page of the applications a team has been granted, by name; members of the team and system admins. One
 * statement a page: the grant's status and date are read with each application.
 */
export async function listTeamApplications(
  db: DatabaseExecutor,
  options: { actor: Actor; teamId: string; page: PageRequest },
): Promise<Page<TeamApplicationNode>> {
  const { team } = await findTeamByIdForActor(db, { actor: options.actor, teamId: options.teamId, roles: anyTeamRole });
  const grantOf = (bind: Bind) =>
    and(eq(teamApplications.teamId, bind(team.id)), eq(teamApplications.applicationId, applications.id));
  return findPage({
    db,
    table: applications,
    shape: 'granted',
    where: (bind) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(teamApplications)
          .where(grantOf(bind)),
      ),
    sortTerms: applicationNameOrder(),
    page: options.page,
    extraColumns: (bind) => ({
      status: sql<TeamApplicationStatus>`${db.select({ status: teamApplications.status }).from(teamApplications).where(grantOf(bind))}`,
      disabledBySystemAdmin: sql<boolean>`${db
        .select({ locked: teamApplications.disabledBySystemAdmin })
        .from(teamApplications)
        .where(grantOf(bind))}`.mapWith(teamApplications.disabledBySystemAdmin),
      grantedAt:
        sql<Date>`${db.select({ grantedAt: teamApplications.grantedAt }).from(teamApplications).where(grantOf(bind))}`.mapWith(
          teamApplications.grantedAt,
        ),
    }),
  });
}

/** An application a team has not been granted, and whether the team has already asked for it. */
export type AvailableAppNode = ApplicationRow & { hasPendingRequest: boolean };

/** The catalogue minus what the team already has, by name: one statement for the page, one for its pending requests. */
export async function listTeamAvailableApps(
  db: DatabaseExecutor,
  options: { actor: Actor; teamFriendlyId: string; search?: string | null; page: PageRequest },
): Promise<Page<AvailableAppNode>> {
  const { actor, teamFriendlyId, search } = options;
  const { team } = await findTeamForActor(db, { actor, friendlyId: teamFriendlyId, roles: anyTeamRole });
  const availableSearch = applicationSearch(search);
  const page = await findPage({
    db,
    table: applications,
    shape: `not granted ${availableSearch.shape}`,
    where: (bind) => {
      const granted = db
        .select({ one: sql`1` })
        .from(teamApplications)
        .where(and(eq(teamApplications.teamId, bind(team.id)), eq(teamApplications.applicationId, applications.id)));
      return and(not(exists(granted)), availableSearch.condition(bind));
    },
    sortTerms: applicationNameOrder(),
    page: options.page,
  });
  const applicationIds = page.edges.map((edge) => edge.node.id);
  const pending =
    applicationIds.length === 0
      ? []
      : await db
          .select({ applicationId: appRequests.applicationId })
          .from(appRequests)
          .where(
            and(
              eq(appRequests.teamId, team.id),
              inArray(appRequests.applicationId, applicationIds),
              eq(appRequests.status, 'PENDING'),
            ),
          );
  const pendingIds = new Set(pending.map((row) => row.applicationId));
  return mapPageNodes(page, (application) => ({ ...application, hasPendingRequest: pendingIds.has(application.id) }));
}

export const updateAppStatusInputSchema = z.object({
  teamFriendlyId: z.string(),
  applicationId: z.string(),
  status: z.enum(teamApplicationStatuses),
});
export type UpdateAppStatusInput = z.input<typeof updateAppStatusInputSchema>;

/** Which grant an event of `team_applications` is about, as its payload names it. */
const grantPayloadOf = (team: { id: string; friendlyId: string }, application: { id: string; name: string }) => ({
  teamId: team.id,
  friendlyId: team.friendlyId,
  applicationId: application.id,
  applicationName: application.name,
});

/**
 * Team owners and admins switch an application the team has been granted between ENABLED and DISABLED
 * (not granted: NOT_FOUND) unless a system admin disabled it (AUTH_NOT_AUTHORIZED); system admins set any
 * status, granting the application when the team lacks it.
 */
export async function updateAppStatus(
  db: DatabaseExecutor,
  options: { actor: Actor; input: UpdateAppStatusInput },
): Promise<TeamApplicationNode> {
  const { actor } = options;
  const { teamFriendlyId, applicationId, status } = updateAppStatusInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    const { team } = await findTeamForActor(transaction, { actor, friendlyId: teamFriendlyId, roles: teamManagers });
    const application = await requireApplication(transaction, { applicationId });
    const grant = and(eq(teamApplications.teamId, team.id), eq(teamApplications.applicationId, application.id));
    const [previous] = await transaction
      .select({ status: teamApplications.status, disabledBySystemAdmin: teamApplications.disabledBySystemAdmin })
      .from(teamApplications)
      .where(grant)
      .for('update');
    const { isSystemAdmin } = actor.user;
    if (!previous && !isSystemAdmin) {
      throw new AppError('NOT_FOUND', 'This team has not been granted this application.');
    }
    if (previous?.disabledBySystemAdmin && !isSystemAdmin) {
      throw new AppError(
        'AUTH_NOT_AUTHORIZED',
        `A system administrator disabled ${application.name} for this team; only a system administrator can enable it again.`,
      );
    }
    // Only a system admin's DISABLED binds the team; the team's own switch stays the team's.
    const disabledBySystemAdmin = isSystemAdmin && status === 'DISABLED';
    const [row] = await transaction
      .insert(teamApplications)
      .values({ teamId: team.id, applicationId: application.id, status, disabledBySystemAdmin })
      .onConflictDoUpdate({
        target: [teamApplications.teamId, teamApplications.applicationId],
        set: { status, disabledBySystemAdmin, updatedAt: new Date() },
      })
      .returning();
    await recordEvent(transaction, {
      eventType: 'team-application.updated',
      actor,
      payload: {
        ...grantPayloadOf(team, application),
        status,
        previousStatus: previous?.status ?? null,
      },
    });
    return {
      ...application,
      status: row!.status,
      disabledBySystemAdmin: row!.disabledBySystemAdmin,
      grantedAt: row!.grantedAt,
    };
  });
}

/** System admins take an application away from a team (its members can no longer see or launch it). */
export async function revokeTeamApplication(
  db: DatabaseExecutor,
  options: { actor: Actor; teamFriendlyId: string; applicationId: string },
): Promise<void> {
  const { actor, teamFriendlyId } = options;
  if (!actor.user.isSystemAdmin) {
    throw new AppError('AUTH_NOT_AUTHORIZED', 'Only a system administrator can revoke an application.');
  }
  await db.transaction(async (transaction) => {
    const { team } = await findTeamForActor(transaction, { actor, friendlyId: teamFriendlyId, roles: teamManagers });
    const application = await requireApplication(transaction, { applicationId: options.applicationId });
    const [revoked] = await transaction
      .delete(teamApplications)
      .where(and(eq(teamApplications.teamId, team.id), eq(teamApplications.applicationId, application.id)))
      .returning({ status: teamApplications.status });
    if (!revoked) throw new AppError('NOT_FOUND', 'This team has not been granted this application.');
    await recordEvent(transaction, {
      eventType: 'team-application.revoked',
      actor,
      payload: {
        ...grantPayloadOf(team, application),
        previousStatus: revoked.status,
      },
    });
  });
}
