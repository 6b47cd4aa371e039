import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { defineFilteredList, findFilteredPage, type ListRequest } from '../../db/filtered-list.js';
import type { Page } from '../../db/keyset-pagination.js';
import { type TeamRole, type TeamRow, teamMembers, teamRoles } from '../../db/schema/teams.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { anyTeamRole, findTeamForActor, lockTeamForActor, teamManagers, teamOwner } from './team-access.js';

export interface TeamMemberNode {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: TeamRole;
}

export const teamMemberList = defineFilteredList(users, {
  filter: { email: 'string', firstName: 'string', lastName: 'string' },
  sort: { email: users.email },
  defaultOrder: [{ email: 'ASC' }],
});

export const updateMemberRoleInputSchema = z.object({
  teamFriendlyId: z.string(),
  userId: z.string(),
  role: z.enum(teamRoles).pipe(z.enum(['TeamAdmin', 'TeamMember'], 'Ownership changes only by transferring it.')),
});
export type UpdateMemberRoleInput = z.input<typeof updateMemberRoleInputSchema>;

const memberNotFound = () => new AppError('NOT_FOUND', 'Member not found.');
const mustKeepOwner = (message: string) => new AppError('TEAM_MUST_HAVE_OWNER', message);

/**
 * A team's members by email in two statements whatever the team's size: a keyset page of users
 * and the roles of that page.
 */
export async function listTeamMembers(
  db: DatabaseExecutor,
  options: ListRequest<typeof teamMemberList> & { actor: Actor; teamFriendlyId: string },
): Promise<Page<TeamMemberNode>> {
  const { team } = await findTeamForActor(db, {
    actor: options.actor,
    friendlyId: options.teamFriendlyId,
    roles: anyTeamRole,
  });
  const page = await findFilteredPage(db, teamMemberList, options, {
    shape: 'members',
    condition: (bind) =>
      inArray(
        users.id,
        db
          .select({ userId: teamMembers.userId })
          .from(teamMembers)
          .where(eq(teamMembers.teamId, bind(team.id))),
      ),
  });
  const pageUserIds = page.edges.map((edge) => edge.node.id);
  const roles = pageUserIds.length
    ? await db
        .select({ userId: teamMembers.userId, role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), inArray(teamMembers.userId, pageUserIds)))
    : [];
  const roleByUserId = new Map(roles.map((row) => [row.userId, row.role]));
  return {
    ...page,
    // A member removed between the two statements drops out rather than appearing without a role.
    edges: page.edges.flatMap(({ cursor, node: user }) => {
      const role = roleByUserId.get(user.id);
      if (!role) return [];
      return [
        {
          cursor,
          node: { userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, role },
        },
      ];
    }),
  };
}

async function findMembership(transaction: DatabaseExecutor, teamId: string, userId: string) {
  if (!z.uuid().safeParse(userId).success) return undefined;
  const [membership] = await transaction
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return membership;
}

/** The last word on "exactly one owner": checked before every membership transaction commits. */
async function requireSingleOwner(transaction: DatabaseExecutor, teamId: string): Promise<void> {
  const [owners] = await transaction
    .select({ total: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'TeamOwner')));
  if (owners?.total !== 1) throw mustKeepOwner('A team must always have exactly one owner.');
}

/**
 * Removes a member, or lets a member leave (`memberId` is the caller). The owner never leaves or is
 * removed: ownership is transferred first.
 */
export async function removeTeamMember(
  db: DatabaseExecutor,
  options: { actor: Actor; teamFriendlyId: string; memberId: string },
): Promise<void> {
  const { actor, teamFriendlyId, memberId } = options;
  await db.transaction(async (transaction) => {
    const access = await lockTeamForActor(transaction, {
      actor,
      where: { friendlyId: teamFriendlyId },
      roles: anyTeamRole,
    });
    const isLeaving = memberId === actor.user.id;
    if (!isLeaving && !actor.user.isSystemAdmin && !teamManagers.includes(access.role!)) {
      throw new AppError('AUTH_NOT_AUTHORIZED', 'Only team admins and owners remove other members.');
    }
    const membership = await findMembership(transaction, access.team.id, memberId);
    if (!membership) throw memberNotFound();
    if (membership.role === 'TeamOwner') {
      throw mustKeepOwner(
        isLeaving
          ? 'Transfer ownership to another member before leaving.'
          : 'The owner cannot be removed; transfer ownership first.',
      );
    }
    await transaction
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, access.team.id), eq(teamMembers.userId, membership.userId)));
    await requireSingleOwner(transaction, access.team.id);
    if (!isLeaving) {
      await createNotification(transaction, {
        userId: membership.userId,
        type: 'TeamMemberRemoved',
        message: `You were removed from the team ${access.team.name}.`,
        externalId: access.team.id,
        actor: { userId: actor.user.id },
      });
    }
    await recordEvent(transaction, {
      eventType: 'member.removed',
      actor,
      payload: { teamId: access.team.id, friendlyId: access.team.friendlyId, userId: membership.userId, isLeaving },
    });
  });
}

/** Switches a member between TeamMember and TeamAdmin; the owner's role changes only by transfer. */
export async function updateMemberRole(
  db: DatabaseExecutor,
  options: { actor: Actor; input: UpdateMemberRoleInput },
): Promise<TeamMemberNode> {
  const { actor } = options;
  const { teamFriendlyId, userId, role } = updateMemberRoleInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    const { team } = await lockTeamForActor(transaction, {
      actor,
      where: { friendlyId: teamFriendlyId },
      roles: teamManagers,
    });
    const membership = await findMembership(transaction, team.id, userId);
    if (!membership) throw memberNotFound();
    if (membership.role === 'TeamOwner')
      throw mustKeepOwner('The owner’s role changes only by transferring ownership.');
    await transaction
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, membership.userId)));
    await requireSingleOwner(transaction, team.id);
    if (membership.role !== role && membership.userId !== actor.user.id) {
      await createNotification(transaction, {
        userId: membership.userId,
        type: 'TeamRoleChanged',
        message: `Your role in the team ${team.name} is now ${role === 'TeamAdmin' ? 'admin' : 'member'}.`,
        externalId: team.id,
        actor: { userId: actor.user.id },
      });
    }
    await recordEvent(transaction, {
      eventType: 'member.role_changed',
      actor,
      payload: {
        teamId: team.id,
        friendlyId: team.friendlyId,
        userId: membership.userId,
        from: membership.role,
        to: role,
      },
    });
    const [user] = await transaction
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, membership.userId));
    return { userId: membership.userId, ...user!, role };
  });
}

/** Makes another member the owner; the previous owner stays on as TeamAdmin. */
export async function transferTeamOwnership(
  db: DatabaseExecutor,
  options: { actor: Actor; teamFriendlyId: string; targetUserId: string },
): Promise<TeamRow> {
  const { actor, teamFriendlyId, targetUserId } = options;
  return db.transaction(async (transaction) => {
    const { team } = await lockTeamForActor(transaction, {
      actor,
      where: { friendlyId: teamFriendlyId },
      roles: teamOwner,
    });
    const target = await findMembership(transaction, team.id, targetUserId);
    if (!target) throw memberNotFound();
    if (target.role === 'TeamOwner') throw new AppError('INVALID_REQUEST', 'This member already owns the team.');
    // Demote first: the one-owner index would refuse a second owner even for a moment.
    const [previousOwner] = await transaction
      .update(teamMembers)
      .set({ role: 'TeamAdmin' })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.role, 'TeamOwner')))
      .returning({ userId: teamMembers.userId });
    await transaction
      .update(teamMembers)
      .set({ role: 'TeamOwner' })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, target.userId)));
    await requireSingleOwner(transaction, team.id);
    await createNotification(transaction, {
      userId: target.userId,
      type: 'TeamOwnershipTransferred',
      message: `You are now the owner of the team ${team.name}.`,
      externalId: team.id,
      actor: { userId: actor.user.id },
    });
    await recordEvent(transaction, {
      eventType: 'team.ownership_transferred',
      actor,
      payload: {
        teamId: team.id,
        friendlyId: team.friendlyId,
        fromUserId: previousOwner?.userId ?? null,
        toUserId: target.userId,
      },
    });
    return team;
  });
}
