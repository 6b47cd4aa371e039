import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../auth/actor.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { teamMembers } from '../../db/schema/teams.js';
import type { UserRow } from '../../db/schema/users.js';
import { isAppError } from '../../errors.js';
import { errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import {
  admin,
  db,
  member,
  outsider,
  owner,
  systemAdmin,
  teamWithRoles,
  testApp,
  useTeamTestApp,
} from '../../test/team-test-app.js';
import { recordStatements } from '../../test/statements.js';
import { insertTestUser } from '../../test/users.js';
import { removeTeamMember, transferTeamOwnership, updateMemberRole } from './team-members.service.js';
import { insertTestTeam } from '../../test/teams.js';
import { webDocument } from '../../test/web-documents.js';

useTeamTestApp();

const actorOf = (user: UserRow): Actor => ({ kind: 'user', user });

async function rolesOf(teamId: string) {
  const rows = await db().select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return Object.fromEntries(rows.map((row) => [row.userId, row.role]));
}

const teamMembersQuery = /* GraphQL */ `
  query GetTeamMembers(
    $teamFriendlyId: String!
    $where: TeamMemberFilterInput
    $order: [TeamMemberSortInput!]
    $first: Int
    $after: String
  ) {
    teamMembers(teamFriendlyId: $teamFriendlyId, where: $where, order: $order, first: $first, after: $after) {
      nodes {
        userId
        email
        firstName
        lastName
        role
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }
`;
interface TeamMembersData {
  teamMembers: {
    nodes: { userId: string; email: string; role: string }[];
    pageInfo: { hasNextPage: boolean; endCursor: string };
    totalCount: number;
  };
}

describe('teamMembers', () => {
  it('lists members by email with their roles, filters by email and pages on', async () => {
    const people = await Promise.all(
      ['carol@members.test', 'alice@members.test', 'bob@elsewhere.test'].map((email) =>
        insertTestUser(db(), { email }),
      ),
    );
    const [carol, alice, bob] = people as [UserRow, UserRow, UserRow];
    const team = await insertTestTeam(db(), { ownerId: carol.id, adminIds: [alice.id], memberIds: [bob.id] });
    const read = (variables: Record<string, unknown>) =>
      graphqlRequest<TeamMembersData>(testApp, {
        query: teamMembersQuery,
        variables: { teamFriendlyId: team.friendlyId, ...variables },
        credential: systemAdmin.accessToken,
      });

    const all = await read({});
    expect(all.data?.teamMembers.nodes.map((node) => [node.email, node.role])).toEqual([
      ['alice@members.test', 'TeamAdmin'],
      ['bob@elsewhere.test', 'TeamMember'],
      ['carol@members.test', 'TeamOwner'],
    ]);
    expect(all.data?.teamMembers.totalCount).toBe(3);

    const filtered = await read({ where: { email: { contains: 'MEMBERS' } }, order: [{ email: 'DESC' }] });
    expect(filtered.data?.teamMembers.nodes.map((node) => node.email)).toEqual([
      'carol@members.test',
      'alice@members.test',
    ]);

    const firstPage = await read({ first: 2 });
    const secondPage = await read({ first: 2, after: firstPage.data?.teamMembers.pageInfo.endCursor });
    expect(firstPage.data?.teamMembers.pageInfo.hasNextPage).toBe(true);
    expect(secondPage.data?.teamMembers.nodes.map((node) => node.email)).toEqual(['carol@members.test']);
  });

  it('answers NOT_FOUND to outsiders', async () => {
    const team = await teamWithRoles();
    const response = await graphqlRequest(testApp, {
      query: teamMembersQuery,
      variables: { teamFriendlyId: team.friendlyId },
      credential: outsider.accessToken,
    });
    expect(errorCodeOf(response)).toBe('NOT_FOUND');
  });

  it('reads a page with the same number of statements for 3 members or 60', async () => {
    const small = await teamWithRoles();
    const large = await teamWithRoles();
    const extras = await Promise.all(Array.from({ length: 57 }, () => insertTestUser(db())));
    await db()
      .insert(teamMembers)
      .values(extras.map((user) => ({ teamId: large.id, userId: user.id, role: 'TeamMember' as const })));
    const statementsFor = async (teamFriendlyId: string) =>
      (
        await recordStatements(db(), async () => {
          const response = await graphqlRequest<TeamMembersData>(testApp, {
            query: teamMembersQuery,
            variables: { teamFriendlyId, first: 50 },
            credential: member.accessToken,
          });
          expect(response.errors).toBeUndefined();
        })
      ).length;
    expect(await statementsFor(large.friendlyId)).toBe(await statementsFor(small.friendlyId));
  });
});

const removeMember = webDocument('RemoveTeamMember');
const updateRole = /* GraphQL */ `
  mutation UpdateMemberRole($memberInput: UpdateMemberRoleInput!) {
    updateMemberRole(memberInput: $memberInput) {
      userId
      email
      role
    }
  }
`;
const transfer = /* GraphQL */ `
  mutation TransferTeamOwnership($teamFriendlyId: String!, $targetUserId: ID!) {
    transferTeamOwnership(teamFriendlyId: $teamFriendlyId, targetUserId: $targetUserId) {
      friendlyId
      roleName
    }
  }
`;

describe('removeTeamMember', () => {
  it('lets an admin remove a member, who is notified, and logs member.removed', async () => {
    const team = await teamWithRoles();
    const response = await graphqlRequest(testApp, {
      query: removeMember,
      variables: { teamFriendlyId: team.friendlyId, memberId: member.user.id },
      credential: admin.accessToken,
    });
    expect(response.data).toEqual({ removeTeamMember: true });
    expect(await rolesOf(team.id)).toEqual({ [owner.user.id]: 'TeamOwner', [admin.user.id]: 'TeamAdmin' });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, member.user.id),
          eq(notifications.type, 'TeamMemberRemoved'),
          eq(notifications.externalId, team.id),
        ),
      );
    expect(notice?.message).toContain(team.name);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'member.removed'));
    expect(events.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ teamId: team.id, userId: member.user.id, isLeaving: false }),
    );
  });

  it('lets members and admins leave, but never the owner (TEAM_MUST_HAVE_OWNER)', async () => {
    const team = await teamWithRoles();
    for (const leaver of [member, admin]) {
      const response = await graphqlRequest(testApp, {
        query: removeMember,
        variables: { teamFriendlyId: team.friendlyId, memberId: leaver.user.id },
        credential: leaver.accessToken,
      });
      expect(response.data).toEqual({ removeTeamMember: true });
    }
    const ownerLeaving = await graphqlRequest(testApp, {
      query: removeMember,
      variables: { teamFriendlyId: team.friendlyId, memberId: owner.user.id },
      credential: owner.accessToken,
    });
    expect(errorCodeOf(ownerLeaving)).toBe('TEAM_MUST_HAVE_OWNER');
    expect(await rolesOf(team.id)).toEqual({ [owner.user.id]: 'TeamOwner' });
    const leftNotices = await db().select().from(notifications).where(eq(notifications.externalId, team.id));
    expect(leftNotices).toEqual([]);
  });

  it('refuses a member removing someone else, an admin removing the owner, and unknown members', async () => {
    const team = await teamWithRoles();
    const attempt = (credential: string, memberId: string) =>
      graphqlRequest(testApp, {
        query: removeMember,
        variables: { teamFriendlyId: team.friendlyId, memberId },
        credential,
      });
    expect(errorCodeOf(await attempt(member.accessToken, admin.user.id))).toBe('AUTH_NOT_AUTHORIZED');
    expect(errorCodeOf(await attempt(admin.accessToken, owner.user.id))).toBe('TEAM_MUST_HAVE_OWNER');
    expect(errorCodeOf(await attempt(systemAdmin.accessToken, owner.user.id))).toBe('TEAM_MUST_HAVE_OWNER');
    expect(errorCodeOf(await attempt(admin.accessToken, outsider.user.id))).toBe('NOT_FOUND');
    expect(errorCodeOf(await attempt(admin.accessToken, 'not-a-uuid'))).toBe('NOT_FOUND');
    expect(errorCodeOf(await attempt(outsider.accessToken, member.user.id))).toBe('NOT_FOUND');
    expect(Object.keys(await rolesOf(team.id))).toHaveLength(3);
  });
});

describe('updateMemberRole', () => {
  it('switches between member and admin, notifies the member and logs member.role_changed', async () => {
    const team = await teamWithRoles();
    const promoted = await graphqlRequest(testApp, {
      query: updateRole,
      variables: { memberInput: { teamFriendlyId: team.friendlyId, userId: member.user.id, role: 'TeamAdmin' } },
      credential: admin.accessToken,
    });
    expect(promoted.data).toEqual({
      updateMemberRole: { userId: member.user.id, email: member.user.email, role: 'TeamAdmin' },
    });
    const demoted = await graphqlRequest(testApp, {
      query: updateRole,
      variables: { memberInput: { teamFriendlyId: team.friendlyId, userId: member.user.id, role: 'TeamMember' } },
      credential: owner.accessToken,
    });
    expect(demoted.data?.updateMemberRole).toMatchObject({ role: 'TeamMember' });
    const notices = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, member.user.id),
          eq(notifications.type, 'TeamRoleChanged'),
          eq(notifications.externalId, team.id),
        ),
      );
    expect(notices.map((notice) => notice.message).sort()).toEqual([
      `Your role in the team ${team.name} is now admin.`,
      `Your role in the team ${team.name} is now member.`,
    ]);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'member.role_changed'));
    expect(events.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ teamId: team.id, userId: member.user.id, from: 'TeamMember', to: 'TeamAdmin' }),
    );
  });

  it('never grants or takes ownership, and is for admins and owners only', async () => {
    const team = await teamWithRoles();
    const attempt = (credential: string, userId: string, role: string) =>
      graphqlRequest(testApp, {
        query: updateRole,
        variables: { memberInput: { teamFriendlyId: team.friendlyId, userId, role } },
        credential,
      });
    expect(errorCodeOf(await attempt(owner.accessToken, member.user.id, 'TeamOwner'))).toBe('INVALID_REQUEST');
    expect(errorCodeOf(await attempt(admin.accessToken, owner.user.id, 'TeamMember'))).toBe('TEAM_MUST_HAVE_OWNER');
    expect(errorCodeOf(await attempt(owner.accessToken, owner.user.id, 'TeamAdmin'))).toBe('TEAM_MUST_HAVE_OWNER');
    expect(errorCodeOf(await attempt(member.accessToken, member.user.id, 'TeamAdmin'))).toBe('AUTH_NOT_AUTHORIZED');
    expect(errorCodeOf(await attempt(owner.accessToken, outsider.user.id, 'TeamAdmin'))).toBe('NOT_FOUND');
    expect(await rolesOf(team.id)).toEqual({
      [owner.user.id]: 'TeamOwner',
      [admin.user.id]: 'TeamAdmin',
      [member.user.id]: 'TeamMember',
    });
  });
});

describe('transferTeamOwnership', () => {
  it('makes the target owner and the old owner admin, notifies the target and logs the transfer', async () => {
    const team = await teamWithRoles();
    const response = await graphqlRequest(testApp, {
      query: transfer,
      variables: { teamFriendlyId: team.friendlyId, targetUserId: member.user.id },
      credential: owner.accessToken,
    });
    expect(response.data).toEqual({ transferTeamOwnership: { friendlyId: team.friendlyId, roleName: 'TeamAdmin' } });
    expect(await rolesOf(team.id)).toEqual({
      [owner.user.id]: 'TeamAdmin',
      [admin.user.id]: 'TeamAdmin',
      [member.user.id]: 'TeamOwner',
    });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.user.id), eq(notifications.type, 'TeamOwnershipTransferred')));
    expect(notice?.externalId).toBe(team.id);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'team.ownership_transferred'));
    expect(events.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ teamId: team.id, fromUserId: owner.user.id, toUserId: member.user.id }),
    );
    // The old owner may now leave.
    const leaving = await graphqlRequest(testApp, {
      query: removeMember,
      variables: { teamFriendlyId: team.friendlyId, memberId: owner.user.id },
      credential: owner.accessToken,
    });
    expect(leaving.data).toEqual({ removeTeamMember: true });
  });

  it('is for the owner and system admins, to a current member only', async () => {
    const team = await teamWithRoles();
    const attempt = (credential: string, targetUserId: string) =>
      graphqlRequest(testApp, {
        query: transfer,
        variables: { teamFriendlyId: team.friendlyId, targetUserId },
        credential,
      });
    expect(errorCodeOf(await attempt(admin.accessToken, admin.user.id))).toBe('AUTH_NOT_AUTHORIZED');
    expect(errorCodeOf(await attempt(owner.accessToken, outsider.user.id))).toBe('NOT_FOUND');
    expect(errorCodeOf(await attempt(owner.accessToken, owner.user.id))).toBe('INVALID_REQUEST');
    expect((await attempt(systemAdmin.accessToken, admin.user.id)).data).toEqual({
      transferTeamOwnership: { friendlyId: team.friendlyId, roleName: null },
    });
    expect((await rolesOf(team.id))[admin.user.id]).toBe('TeamOwner');
  });
});

describe('cross-tenant ids', () => {
  it('refuses team B’s members through team A, changing nothing in either team', async () => {
    const teamA = await teamWithRoles();
    const bOwner = await signInTestUser(testApp);
    const bMember = await insertTestUser(db());
    const teamB = await insertTestTeam(db(), { ownerId: bOwner.user.id, memberIds: [bMember.id] });
    const asOwnerOfA = owner.accessToken;
    const responses = [
      await graphqlRequest(testApp, {
        query: removeMember,
        variables: { teamFriendlyId: teamA.friendlyId, memberId: bMember.id },
        credential: asOwnerOfA,
      }),
      await graphqlRequest(testApp, {
        query: removeMember,
        variables: { teamFriendlyId: teamB.friendlyId, memberId: bMember.id },
        credential: asOwnerOfA,
      }),
      await graphqlRequest(testApp, {
        query: updateRole,
        variables: { memberInput: { teamFriendlyId: teamA.friendlyId, userId: bMember.id, role: 'TeamAdmin' } },
        credential: asOwnerOfA,
      }),
      await graphqlRequest(testApp, {
        query: transfer,
        variables: { teamFriendlyId: teamA.friendlyId, targetUserId: bMember.id },
        credential: asOwnerOfA,
      }),
      await graphqlRequest(testApp, {
        query: transfer,
        variables: { teamFriendlyId: teamB.friendlyId, targetUserId: owner.user.id },
        credential: asOwnerOfA,
      }),
    ];
    expect(responses.map(errorCodeOf)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
    expect(await rolesOf(teamB.id)).toEqual({ [bOwner.user.id]: 'TeamOwner', [bMember.id]: 'TeamMember' });
    expect(Object.values(await rolesOf(teamA.id)).sort()).toEqual(['TeamAdmin', 'TeamMember', 'TeamOwner']);
  });
});

describe('exactly one owner under concurrency', () => {
  it('keeps exactly one owner through 50 simultaneous demotions, removals, transfers and departures', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => insertTestUser(db())));
    const [firstOwner, ...others] = people as [UserRow, ...UserRow[]];
    const admins = others.slice(0, 4);
    const members = others.slice(4);
    const team = await insertTestTeam(db(), {
      ownerId: firstOwner.id,
      adminIds: admins.map((user) => user.id),
      memberIds: members.map((user) => user.id),
    });
    const operator = actorOf(systemAdmin.user);
    const target = (index: number) => people[index % people.length]!;
    const operations = Array.from({ length: 50 }, (_, index) => {
      const teamFriendlyId = team.friendlyId;
      switch (index % 4) {
        case 0:
          return transferTeamOwnership(db(), { actor: operator, teamFriendlyId, targetUserId: target(index * 7).id });
        case 1:
          return updateMemberRole(db(), {
            actor: operator,
            input: { teamFriendlyId, userId: target(index * 5).id, role: 'TeamMember' },
          });
        case 2:
          return removeTeamMember(db(), { actor: operator, teamFriendlyId, memberId: target(index * 3).id });
        default: {
          const leaver = target(index);
          return removeTeamMember(db(), { actor: actorOf(leaver), teamFriendlyId, memberId: leaver.id });
        }
      }
    });
    const outcomes = await Promise.allSettled(operations);
    const unexpected = outcomes.flatMap((outcome): unknown[] =>
      outcome.status === 'rejected' && !(isAppError(outcome.reason) && outcome.reason.code !== 'AUTH_NOT_AUTHORIZED')
        ? [outcome.reason]
        : [],
    );
    expect(unexpected).toEqual([]);
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const owners = Object.values(await rolesOf(team.id)).filter((role) => role === 'TeamOwner');
    expect(owners).toHaveLength(1);
  });
});
