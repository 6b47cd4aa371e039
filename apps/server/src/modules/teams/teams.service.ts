import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { normaliseEmail } from '@dxp/contracts/email-address';
import {
  type AddTeamInput,
  addTeamInputSchema,
  type UpdateTeamInput,
  updateTeamInputSchema,
} from '@dxp/contracts/teams';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { filterCondition, filterShape } from '../../db/filter-conditions.js';
import { defineFilteredList, findFilteredPage, type ListFilter, type ListRequest } from '../../db/filtered-list.js';
import type { Page } from '../../db/keyset-pagination.js';
import { appRequests } from '../../db/schema/applications.js';
import { type TeamRole, type TeamRow, teamMembers, teams } from '../../db/schema/teams.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { jsonObjectSchema } from '../../lib/json-object.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { lockTeamForActor, teamManagers, teamOwner } from './team-access.js';
import { closeInvitesOfTeam } from './team-invites.service.js';

export const updateTeamMetaInputSchema = z.object({
  teamFriendlyId: z.string(),
  meta: jsonObjectSchema,
});
export type UpdateTeamMetaInput = z.input<typeof updateTeamMetaInputSchema>;

const duplicateFriendlyId = () =>
  new AppError('DUPLICATE_VALUE', 'Another team already uses this friendly id.', { field: 'friendlyId' });

/** Turns the unique index's refusal into DUPLICATE_VALUE, so two simultaneous requests cannot both win. */
async function withUniqueFriendlyId<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'teams_friendly_id_unique')) throw duplicateFriendlyId();
    throw error;
  }
}

/** Any signed-in user creates a team and becomes its owner; a system admin may name another owner. */
export async function createTeam(
  db: DatabaseExecutor,
  options: { actor: Actor; input: AddTeamInput },
): Promise<TeamRow> {
  const { actor } = options;
  const input = addTeamInputSchema.parse(options.input);
  if (input.ownerEmail && !actor.user.isSystemAdmin) {
    throw new AppError('AUTH_NOT_AUTHORIZED', 'Only system admins create teams for someone else.');
  }
  return db.transaction(async (transaction) => {
    let ownerUserId = actor.user.id;
    if (input.ownerEmail) {
      const [owner] = await transaction
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${normaliseEmail(input.ownerEmail)}`);
      if (!owner) throw new AppError('NOT_FOUND', 'No account uses this email address.', { field: 'ownerEmail' });
      ownerUserId = owner.id;
    }
    const [team] = await withUniqueFriendlyId(() =>
      transaction
        .insert(teams)
        .values({ name: input.name, friendlyId: input.friendlyId, logoUrl: input.logoUrl ?? null })
        .returning(),
    );
    await transaction.insert(teamMembers).values({ teamId: team!.id, userId: ownerUserId, role: 'TeamOwner' });
    await recordEvent(transaction, {
      eventType: 'team.created',
      actor,
      payload: { teamId: team!.id, friendlyId: team!.friendlyId, name: team!.name, ownerUserId },
    });
    return team!;
  });
}

export async function updateTeam(
  db: DatabaseExecutor,
  options: { actor: Actor; input: UpdateTeamInput },
): Promise<TeamRow> {
  const { actor } = options;
  const { teamFriendlyId, ...changes } = updateTeamInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    const access = await lockTeamForActor(transaction, {
      actor,
      where: { friendlyId: teamFriendlyId },
      roles: teamManagers,
    });
    if (changes.enabled != null && changes.enabled !== access.team.enabled && !actor.user.isSystemAdmin) {
      throw new AppError('AUTH_NOT_AUTHORIZED', 'Only system admins enable or disable a team.');
    }
    const [team] = await withUniqueFriendlyId(() =>
      transaction
        .update(teams)
        .set({
          name: changes.name ?? undefined,
          friendlyId: changes.friendlyId ?? undefined,
          // `null` clears the logo; an absent field keeps it.
          logoUrl: changes.logoUrl,
          enabled: changes.enabled ?? undefined,
          updatedAt: new Date(),
        })
        .where(eq(teams.id, access.team.id))
        .returning(),
    );
    await recordEvent(transaction, {
      eventType: 'team.updated',
      actor,
      payload: { teamId: team!.id, friendlyId: team!.friendlyId, changes },
    });
    return team!;
  });
}

export async function updateTeamMeta(
  db: DatabaseExecutor,
  options: { actor: Actor; input: UpdateTeamMetaInput },
): Promise<TeamRow> {
  const { actor } = options;
  const { teamFriendlyId, meta } = updateTeamMetaInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    const access = await lockTeamForActor(transaction, {
      actor,
      where: { friendlyId: teamFriendlyId },
      roles: teamManagers,
    });
    const [team] = await transaction
      .update(teams)
      .set({ meta, updatedAt: new Date() })
      .where(eq(teams.id, access.team.id))
      .returning();
    await recordEvent(transaction, { eventType: 'team.updated', actor, payload: { teamId: team!.id, meta } });
    return team!;
  });
}

/** Deletes the team with its memberships, invites and bookmarks (cascades); owners and system admins only. */
export async function deleteTeam(
  db: DatabaseExecutor,
  options: { actor: Actor; teamFriendlyId: string },
): Promise<void> {
  const { actor, teamFriendlyId } = options;
  await db.transaction(async (transaction) => {
    const { team } = await lockTeamForActor(transaction, {
      actor,
      where: { friendlyId: teamFriendlyId },
      roles: teamOwner,
    });
    await closeInvitesOfTeam(transaction, team.id);
    // Pending requests can no longer be decided; decided ones stay in the history (their team_id is set null).
    await transaction
      .delete(appRequests)
      .where(and(eq(appRequests.teamId, team.id), eq(appRequests.status, 'PENDING')));
    await transaction.delete(teams).where(eq(teams.id, team.id));
    await recordEvent(transaction, {
      eventType: 'team.deleted',
      actor,
      payload: { teamId: team.id, friendlyId: team.friendlyId, name: team.name },
    });
  });
}

export const teamList = defineFilteredList(teams, {
  filter: { name: 'string', friendlyId: 'string', enabled: 'boolean' },
  sort: { name: teams.name },
  defaultOrder: [{ name: 'ASC' }],
});

/** Every team, for system admins; `search` matches the name or the friendly id. */
export async function listAllTeams(
  db: DatabaseExecutor,
  options: ListRequest<typeof teamList> & { search?: string | null },
): Promise<Page<TeamRow>> {
  const search = options.search?.trim();
  const searchFilter: ListFilter<typeof teamList> | undefined = search
    ? { or: [{ name: { contains: search } }, { friendlyId: { contains: search } }] }
    : undefined;
  return findFilteredPage(db, teamList, options, {
    shape: filterShape(searchFilter),
    condition: (bind) => filterCondition(teamList.filterFields, searchFilter, bind),
  });
}

/** A team as listed on the dashboard and an admin's user page: with the user's role in it. */
export interface UserTeam {
  userId: string;
  id: string;
  friendlyId: string;
  name: string;
  logoUrl: string | null;
  enabled: boolean;
  roleName: TeamRole;
}

const userTeamColumns = {
  userId: teamMembers.userId,
  id: teams.id,
  friendlyId: teams.friendlyId,
  name: teams.name,
  logoUrl: teams.logoUrl,
  enabled: teams.enabled,
  roleName: teamMembers.role,
};

/** The teams of several users in one statement, by name. */
export async function listTeamsOfUsers(db: DatabaseExecutor, userIds: readonly string[]): Promise<UserTeam[]> {
  return db
    .select(userTeamColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(inArray(teamMembers.userId, [...userIds]))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** The caller's own teams for the dashboard; disabled ones only for system admins. */
export async function listMyTeams(db: DatabaseExecutor, options: { actor: Actor }): Promise<UserTeam[]> {
  const { actor } = options;
  return db
    .select(userTeamColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, actor.user.id), actor.user.isSystemAdmin ? undefined : eq(teams.enabled, true)))
    .orderBy(asc(teams.name), asc(teams.id));
}
