import { beforeAll, describe, expect, it } from 'vitest';
import { insertTestApplication } from '../test/applications.js';
import { databaseDigest } from '../test/database.js';
import {
  createTestServiceKey,
  errorCodeOf,
  type GraphqlResponse,
  graphqlRequest,
  type SignedInUser,
  signInTestUser,
} from '../test/graphql.js';
import { db, personas, teamWithRoles, testApp, useTeamTestApp } from '../test/team-test-app.js';

/**
 * docs/security.md: a removed member loses team access on the next request. The access token says only who the
 * caller is (a verified token is remembered with nothing but its subject); the user and their memberships
 * are read on every request, so a change of membership, team role or system role applies to a token that
 * was used a moment before.
 */

let applicationId: string;
useTeamTestApp();
beforeAll(async () => {
  applicationId = (await insertTestApplication(db())).id;
});

const teamReads = {
  team: 'query GetTeamByFriendlyId($teamFriendlyId: String!) { teamByFriendlyId(friendlyId: $teamFriendlyId) { name roleName } }',
  members:
    'query GetTeamMembers($teamFriendlyId: String!) { teamMembers(teamFriendlyId: $teamFriendlyId, first: 10) { nodes { email } } }',
  bookmarks:
    'query GetTeamBookmarks($teamFriendlyId: String!) { teamBookmarks(teamFriendlyId: $teamFriendlyId, first: 10) { nodes { id } } }',
};
const requestApplication =
  'mutation RequestApplicationAccess($input: RequestAccessInput!) { requestApplicationAccess(input: $input) { id } }';
const renameTeam = 'mutation UpdateTeam($input: UpdateTeamInput!) { updateTeam(input: $input) { name } }';
const invite = 'mutation CreateInvite($input: CreateInviteInput!) { createInvite(input: $input) { successCount } }';

function send(credential: string, query: string, variables: Record<string, unknown>) {
  return graphqlRequest(testApp, { query, variables, credential });
}

/** What a member may do in their team: read it, its members and bookmarks, and ask for an application. */
async function memberCalls(credential: string, teamFriendlyId: string) {
  const reads = await Promise.all(Object.values(teamReads).map((query) => send(credential, query, { teamFriendlyId })));
  const write = await send(credential, requestApplication, {
    input: {
      appId: applicationId,
      teamFriendlyId,
      contactEmail: 'me@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      acceptTerms: true,
    },
  });
  return [...reads, write];
}

/** What a team admin may do: rename the team and invite. */
async function adminCalls(credential: string, teamFriendlyId: string) {
  return [
    await send(credential, renameTeam, { input: { teamFriendlyId, name: `Renamed ${Date.now()}` } }),
    await send(credential, invite, {
      input: { teamFriendlyId, emails: [`invitee-${Date.now()}@example.com`], teamRole: 'TeamMember' },
    }),
  ];
}

const errorCodes = (responses: Pick<GraphqlResponse, 'errors'>[]) =>
  responses.map((response) => errorCodeOf(response) ?? 'allowed');

describe('ASVS V8.3.2 authorization changes apply at once, API1:2023 BOLA – a removed member loses team access on the next request', () => {
  it("answers NOT_FOUND to the removed member's same access token and service key, for reads and writes, and writes nothing", async () => {
    const team = await teamWithRoles();
    const serviceKey = await createTestServiceKey(testApp, personas.member.user);
    expect(errorCodes(await memberCalls(personas.member.accessToken, team.friendlyId))).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'allowed',
    ]);
    // One pending request per team and application: the key's own request is a duplicate, yet it was let in.
    expect(errorCodes(await memberCalls(serviceKey, team.friendlyId))).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'DUPLICATE_VALUE',
    ]);

    const removal = await send(
      personas.admin.accessToken,
      'mutation RemoveTeamMember($teamFriendlyId: String!, $memberId: ID!) { removeTeamMember(teamFriendlyId: $teamFriendlyId, memberId: $memberId) }',
      {
        teamFriendlyId: team.friendlyId,
        memberId: personas.member.user.id,
      },
    );
    expect(removal.errors).toBeUndefined();

    for (const credential of [personas.member.accessToken, serviceKey]) {
      const before = await databaseDigest(testApp.database.db);
      const responses = await memberCalls(credential, team.friendlyId);
      expect(errorCodes(responses)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
      expect(JSON.stringify(responses)).not.toContain(personas.owner.user.email);
      expect(await databaseDigest(testApp.database.db)).toEqual(before);
    }
    // Still signed in: only the team is gone.
    expect((await send(personas.member.accessToken, '{ me { email } }', {})).errors).toBeUndefined();
  });

  it('answers AUTH_NOT_AUTHORIZED to a demoted admin’s same access token for admin work, and lets them read as a member', async () => {
    const team = await teamWithRoles();
    expect(errorCodes(await adminCalls(personas.admin.accessToken, team.friendlyId))).toEqual(['allowed', 'allowed']);

    const demotion = await send(
      personas.owner.accessToken,
      'mutation UpdateMemberRole($memberInput: UpdateMemberRoleInput!) { updateMemberRole(memberInput: $memberInput) { role } }',
      { memberInput: { teamFriendlyId: team.friendlyId, userId: personas.admin.user.id, role: 'TeamMember' } },
    );
    expect(demotion.errors).toBeUndefined();

    const before = await databaseDigest(testApp.database.db);
    expect(errorCodes(await adminCalls(personas.admin.accessToken, team.friendlyId))).toEqual([
      'AUTH_NOT_AUTHORIZED',
      'AUTH_NOT_AUTHORIZED',
    ]);
    expect(await databaseDigest(testApp.database.db)).toEqual(before);
    const asMember = await send(personas.admin.accessToken, teamReads.team, { teamFriendlyId: team.friendlyId });
    expect(asMember.data).toMatchObject({ teamByFriendlyId: { roleName: 'TeamMember' } });
  });

  it('answers AUTH_NOT_AUTHORIZED to a former system administrator’s same access token', async () => {
    const formerAdmin: SignedInUser = await signInTestUser(testApp, { isSystemAdmin: true });
    const allUsers = '{ allUsers(first: 1) { totalCount } }';
    expect((await send(formerAdmin.accessToken, allUsers, {})).errors).toBeUndefined();

    const demotion = await send(
      personas.systemAdmin.accessToken,
      'mutation UpdateUser($userInput: UpdateUserInput!) { updateUser(userInput: $userInput) { isSystemAdmin } }',
      {
        userInput: { id: formerAdmin.user.id, isSystemAdmin: false },
      },
    );
    expect(demotion.data).toEqual({ updateUser: { isSystemAdmin: false } });

    const refused = await send(formerAdmin.accessToken, allUsers, {});
    expect(errorCodeOf(refused)).toBe('AUTH_NOT_AUTHORIZED');
    expect(refused.data).toBeNull();
  });
});
