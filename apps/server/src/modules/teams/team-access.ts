import { isFriendlyId } from '@dxp/contracts/team-address';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { type TeamRole, type TeamRow, teamMembers, teamRoles, teams } from '../../db/schema/teams.js';
import { AppError } from '../../errors.js';

/** A team and the caller's role in it (`null` when not a member). */
export interface TeamAccess {
  team: TeamRow;
  role: TeamRole | null;
}

export const anyTeamRole: readonly TeamRole[] = teamRoles;
export const teamManagers: readonly TeamRole[] = ['TeamOwner', 'TeamAdmin'];
export const teamOwner: readonly TeamRole[] = ['TeamOwner'];

const teamNotFound = () => new AppError('NOT_FOUND', 'Team not found.');

/** Teams with the user's role in each: the one join every access check reads. */
function selectTeamAccess(db: DatabaseExecutor, userId: string) {
  return db
    .select({ team: teams, role: teamMembers.role })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)));
}

/** The teams named by `friendlyIds` with the user's role in each, in one statement (for the per-request loader). */
export async function findTeamAccesses(
  db: DatabaseExecutor,
  options: { userId: string; friendlyIds: readonly string[] },
): Promise<TeamAccess[]> {
  const friendlyIds = options.friendlyIds.filter((friendlyId) => isFriendlyId(friendlyId));
  if (friendlyIds.length === 0) return [];
  return selectTeamAccess(db, options.userId).where(inArray(teams.friendlyId, friendlyIds));
}

/** A team the caller may see (members of an enabled team, or any system admin) with one of `roles`. */
export async function findTeamForActor(
  db: DatabaseExecutor,
  options: { actor: Actor; friendlyId: string; roles: readonly TeamRole[] },
): Promise<TeamAccess> {
  const { actor, friendlyId, roles } = options;
  // A friendly id's shape is also a check constraint: anything else names no team and never reaches SQL.
  if (!isFriendlyId(friendlyId)) throw teamNotFound();
  const [access] = await selectTeamAccess(db, actor.user.id).where(eq(teams.friendlyId, friendlyId));
  requireTeamRole(actor, access, roles);
  return access;
}

/** Like `findTeamForActor`, for a team addressed by its id (an id that is not a UUID names no team). */
export async function findTeamByIdForActor(
  db: DatabaseExecutor,
  options: { actor: Actor; teamId: string; roles: readonly TeamRole[] },
): Promise<TeamAccess> {
  const { actor, teamId, roles } = options;
  if (!z.uuid().safeParse(teamId).success) throw teamNotFound();
  const [access] = await selectTeamAccess(db, actor.user.id).where(eq(teams.id, teamId));
  requireTeamRole(actor, access, roles);
  return access;
}

/**
 * The caller's team, locked (`FOR UPDATE`) so membership changes on one team run one after another.
 * Every membership-changing transaction starts here.
 */
export async function lockTeamForActor(
  transaction: DatabaseExecutor,
  options: {
    actor: Actor;
    where: { friendlyId: string } | { teamId: string };
    roles: readonly TeamRole[];
    /** What an outsider is told, when the team was reached through something else (an invite, a bookmark). */
    notFound?: () => AppError;
  },
): Promise<TeamAccess> {
  const { actor, where, roles, notFound = teamNotFound } = options;
  if ('friendlyId' in where && !isFriendlyId(where.friendlyId)) throw notFound();
  const [access] = await selectTeamAccess(transaction, actor.user.id)
    .where('friendlyId' in where ? eq(teams.friendlyId, where.friendlyId) : eq(teams.id, where.teamId))
    .for('update', { of: teams });
  requireTeamRole(actor, access, roles, notFound);
  return access;
}

/**
 * Outsiders (and members of a disabled team) get NOT_FOUND, so a team's existence is never revealed;
 * members without one of `roles` get AUTH_NOT_AUTHORIZED. System admins may act on any team.
 */
export function requireTeamRole(
  actor: Actor,
  access: TeamAccess | undefined,
  roles: readonly TeamRole[],
  notFound: () => AppError = teamNotFound,
): asserts access is TeamAccess {
  if (!access) throw notFound();
  if (actor.user.isSystemAdmin) return;
  if (access.role === null || !access.team.enabled) throw notFound();
  if (!roles.includes(access.role)) {
    throw new AppError('AUTH_NOT_AUTHORIZED', 'Your role in this team does not allow this.');
  }
}
