import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../auth/actor.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { teamMembers } from '../../db/schema/teams.js';
import type { UserRow } from '../../db/schema/users.js';
import { isAppError } from '../../errors.js';
import { errorCodeOf, type GraphqlResponse, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import {
  admin,
  db,
  member,
  outsider,
  owner,
  personas,
  systemAdmin,
  teamWithRoles,
  testApp,
  useTeamTestApp,
} from '../../test/team-test-app.js';
import { recordStatements } from '../../test/statements.js';
import { insertTestUser } from '../../test/users.js';
import { removeTeamMember, transferTeamOwnership, updateMemberRole } from './team-members.service.js';
import { insertTestTeam, type TeamPersonas } from '../../test/teams.js';
import { webDocument, webDocumentSelecting } from '../../test/web-documents.js';

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

/** The notifications of `type` that `userId` received about the team `teamId`. */
const teamNoticesOf = (userId: string, type: (typeof notifications.$inferSelect)['type'], teamId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.externalId, teamId)));

const removeMember = webDocument('RemoveTeamMember');
const updateRole = webDocumentSelecting('UpdateMemberRole', { role: 'email' });
const transfer = webDocument('TransferTeamOwnership');

const remove = (caller: string, teamFriendlyId: string, memberId: string) =>
  graphqlRequest(testApp, { query: removeMember, variables: { teamFriendlyId, memberId }, credential: caller });
const setRole = (caller: string, teamFriendlyId: string, userId: string, role: string) =>
  graphqlRequest(testApp, {
    query: updateRole,
    variables: { memberInput: { teamFriendlyId, userId, role } },
    credential: caller,
  });
const transferTo = (caller: string, teamFriendlyId: string, targetUserId: string) =>
  graphqlRequest(testApp, { query: transfer, variables: { teamFriendlyId, targetUserId }, credential: caller });

type PersonaName = keyof TeamPersonas;
/** A refusal on a fresh team: who calls, about whom (a persona, or an id of no one), with what code. */
type Refusal = [description: string, caller: PersonaName, target: PersonaName | 'not-a-uuid', code: string];

/** Each refusal on a fresh team, which keeps its three roles. */
function itRefuses(
  cases: Refusal[],
  send: (caller: string, teamFriendlyId: string, targetId: string) => Promise<GraphqlResponse>,
): void {
  it.each(cases)('refuses %s', async (_description, caller, target, code) => {
    const team = await teamWithRoles();
    const targetId = target === 'not-a-uuid' ? target : personas[target].user.id;
    expect(errorCodeOf(await send(personas[caller].accessToken, team.friendlyId, targetId))).toBe(code);
    expect(await rolesOf(team.id)).toEqual({
      [owner.user.id]: 'TeamOwner',
      [admin.user.id]: 'TeamAdmin',
      [member.user.id]: 'TeamMember',
    });
  });
}

describe('removeTeamMember', () => {
  it('lets an admin remove a member, who is notified, and logs member.removed', async () => {
    const team = await teamWithRoles();
    const response = await remove(admin.accessToken, team.friendlyId, member.user.id);
    expect(response.data).toEqual({ removeTeamMember: true });
    expect(await rolesOf(team.id)).toEqual({ [owner.user.id]: 'TeamOwner', [admin.user.id]: 'TeamAdmin' });
    const [notice] = await teamNoticesOf(member.user.id, 'TeamMemberRemoved', team.id);
    expect(notice?.message).toContain(team.name);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'member.removed'));
    expect(events.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ teamId: team.id, userId: member.user.id, isLeaving: false }),
    );
  });

  it('lets members and admins leave, but never the owner (TEAM_MUST_HAVE_OWNER)', async () => {
    const team = await teamWithRoles();
    for (const leaver of [member, admin]) {
      const response = await remove(leaver.accessToken, team.friendlyId, leaver.user.id);
      expect(response.data).toEqual({ removeTeamMember: true });
    }
    const ownerLeaving = await remove(owner.accessToken, team.friendlyId, owner.user.id);
    expect(errorCodeOf(ownerLeaving)).toBe('TEAM_MUST_HAVE_OWNER');
    expect(await rolesOf(team.id)).toEqual({ [owner.user.id]: 'TeamOwner' });
    const leftNotices = await db().select().from(notifications).where(eq(notifications.externalId, team.id));
    expect(leftNotices).toEqual([]);
  });

  itRefuses(
    [
      ['a member removing someone else', 'member', 'admin', 'AUTH_NOT_AUTHORIZED'],
      ['an admin removing the owner', 'admin', 'owner', 'TEAM_MUST_HAVE_OWNER'],
      ['a system admin removing the owner', 'systemAdmin', 'owner', 'TEAM_MUST_HAVE_OWNER'],
      ['an admin removing someone not in the team', 'admin', 'outsider', 'NOT_FOUND'],
      ['an admin removing a malformed id', 'admin', 'not-a-uuid', 'NOT_FOUND'],
      ['an outsider removing a member', 'outsider', 'member', 'NOT_FOUND'],
    ],
    remove,
  );
});

describe('updateMemberRole', () => {
  it('switches between member and admin, notifies the member and logs member.role_changed', async () => {
    const team = await teamWithRoles();
    const promoted = await setRole(admin.accessToken, team.friendlyId, member.user.id, 'TeamAdmin');
    expect(promoted.data).toEqual({
      updateMemberRole: { userId: member.user.id, email: member.user.email, role: 'TeamAdmin' },
    });
    const demoted = await setRole(owner.accessToken, team.friendlyId, member.user.id, 'TeamMember');
    expect(demoted.data?.updateMemberRole).toMatchObject({ role: 'TeamMember' });
    const notices = await teamNoticesOf(member.user.id, 'TeamRoleChanged', team.id);
    expect(notices.map((notice) => notice.message).sort()).toEqual([
      `Your role in the team ${team.name} is now admin.`,
      `Your role in the team ${team.name} is now member.`,
    ]);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'member.role_changed'));
    expect(events.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ teamId: team.id, userId: member.user.id, from: 'TeamMember', to: 'TeamAdmin' }),
    );
  });

  const toRole =
    (role: string) =>
    (caller: string, teamFriendlyId: string, userId: string): Promise<GraphqlResponse> =>
      setRole(caller, teamFriendlyId, userId, role);
  itRefuses([['the owner making a member owner', 'owner', 'member', 'INVALID_REQUEST']], toRole('TeamOwner'));
  itRefuses(
    [
      ['an admin demoting the owner', 'admin', 'owner', 'TEAM_MUST_HAVE_OWNER'],
      ['the owner demoting themselves', 'owner', 'owner', 'TEAM_MUST_HAVE_OWNER'],
    ],
    toRole('TeamMember'),
  );
  itRefuses(
    [
      ['a member promoting themselves', 'member', 'member', 'AUTH_NOT_AUTHORIZED'],
      ['the owner promoting someone not in the team', 'owner', 'outsider', 'NOT_FOUND'],
    ],
    toRole('TeamAdmin'),
  );
});

describe('transferTeamOwnership', () => {
  it('makes the target owner and the old owner admin, notifies the target and logs the transfer', async () => {
    const team = await teamWithRoles();
    const response = await transferTo(owner.accessToken, team.friendlyId, member.user.id);
    expect(response.data).toEqual({ transferTeamOwnership: { id: team.id, roleName: 'TeamAdmin' } });
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
    const leaving = await remove(owner.accessToken, team.friendlyId, owner.user.id);
    expect(leaving.data).toEqual({ removeTeamMember: true });
  });

  itRefuses(
    [
      ['an admin taking the team', 'admin', 'admin', 'AUTH_NOT_AUTHORIZED'],
      ['the owner handing it to someone not in the team', 'owner', 'outsider', 'NOT_FOUND'],
      ['the owner handing it to themselves', 'owner', 'owner', 'INVALID_REQUEST'],
    ],
    transferTo,
  );

  it('lets a system admin hand the team to a current member', async () => {
    const team = await teamWithRoles();
    expect((await transferTo(systemAdmin.accessToken, team.friendlyId, admin.user.id)).data).toEqual({
      transferTeamOwnership: { id: team.id, roleName: null },
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
      await remove(asOwnerOfA, teamA.friendlyId, bMember.id),
      await remove(asOwnerOfA, teamB.friendlyId, bMember.id),
      await setRole(asOwnerOfA, teamA.friendlyId, bMember.id, 'TeamAdmin'),
      await transferTo(asOwnerOfA, teamA.friendlyId, bMember.id),
      await transferTo(asOwnerOfA, teamB.friendlyId, owner.user.id),
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
