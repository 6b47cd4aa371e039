import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookmarks } from '../../db/schema/bookmarks.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { teamMembers, teams } from '../../db/schema/teams.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
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
import { insertTestTeam } from '../../test/teams.js';
import { webDocument } from '../../test/web-documents.js';

useTeamTestApp();

const addTeam = /* GraphQL */ `
  mutation AddTeam($input: AddTeamInput!) {
    addTeam(input: $input) {
      id
      name
      friendlyId
      enabled
      logoUrl
      roleName
    }
  }
`;
// The team page's own documents; addTeam above keeps its own selection to read the new team's role and state.
const getTeam = webDocument('GetTeamByFriendlyId');
const updateTeam = webDocument('UpdateTeam');
const deleteTeam = webDocument('DeleteTeam');

const readTeam = (caller: SignedInUser, friendlyId: string) =>
  graphqlRequest<{ teamByFriendlyId: Record<string, unknown> }>(testApp, {
    query: getTeam,
    variables: { friendlyId },
    credential: caller.accessToken,
  });
const removeTeam = (caller: SignedInUser, teamFriendlyId: string) =>
  graphqlRequest(testApp, { query: deleteTeam, variables: { teamFriendlyId }, credential: caller.accessToken });

describe('addTeam', () => {
  it('makes the caller the owner and logs team.created in the same transaction', async () => {
    const response = await graphqlRequest<{ addTeam: { id: string; roleName: string } }>(testApp, {
      query: addTeam,
      variables: {
        input: { name: '  Research  ', friendlyId: 'research-lab', logoUrl: 'https://example.com/logo.png' },
      },
      credential: outsider.accessToken,
    });
    expect(response.data?.addTeam).toMatchObject({
      name: 'Research',
      friendlyId: 'research-lab',
      enabled: true,
      roleName: 'TeamOwner',
    });
    const teamId = response.data!.addTeam.id;
    expect(await db().select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).toMatchObject([
      { userId: outsider.user.id, role: 'TeamOwner' },
    ]);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'team.created'));
    expect(events.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ teamId, friendlyId: 'research-lab', ownerUserId: outsider.user.id }),
    );
  });

  it('answers DUPLICATE_VALUE for a friendly id in use, writing nothing', async () => {
    const before = await db().select().from(teams);
    const response = await graphqlRequest(testApp, {
      query: addTeam,
      variables: { input: { name: 'Copy', friendlyId: 'research-lab' } },
      credential: member.accessToken,
    });
    expect(errorCodeOf(response)).toBe('DUPLICATE_VALUE');
    expect(response.errors?.[0]?.extensions?.field).toBe('friendlyId');
    expect(await db().select().from(teams)).toHaveLength(before.length);
  });

  it.each([
    ['an empty name', { name: '   ', friendlyId: 'empty-name' }, 'name'],
    ['a 200-character name', { name: 'x'.repeat(200), friendlyId: 'long-name' }, 'name'],
    ['a slug with capitals', { name: 'Caps', friendlyId: 'Caps-Team' }, 'friendlyId'],
    ['a two-character slug', { name: 'Short', friendlyId: 'ab' }, 'friendlyId'],
    ['a javascript: logo', { name: 'Logo', friendlyId: 'bad-logo', logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
  ])('refuses %s with INVALID_REQUEST naming the field', async (_case, input, field) => {
    const response = await graphqlRequest(testApp, {
      query: addTeam,
      variables: { input },
      credential: member.accessToken,
    });
    expect(errorCodeOf(response)).toBe('INVALID_REQUEST');
    expect(Object.keys(response.errors?.[0]?.extensions?.fields as object)).toEqual([field]);
    expect(await db().select().from(teams).where(eq(teams.friendlyId, input.friendlyId))).toEqual([]);
  });

  it('lets only a system admin name another owner', async () => {
    const futureOwner = await insertTestUser(db(), { email: 'Future.Owner@example.test' });
    const denied = await graphqlRequest(testApp, {
      query: addTeam,
      variables: { input: { name: 'Delegated', friendlyId: 'delegated', ownerEmail: futureOwner.email } },
      credential: owner.accessToken,
    });
    expect(errorCodeOf(denied)).toBe('AUTH_NOT_AUTHORIZED');
    const allowed = await graphqlRequest<{ addTeam: { id: string; roleName: string | null } }>(testApp, {
      query: addTeam,
      variables: { input: { name: 'Delegated', friendlyId: 'delegated', ownerEmail: 'future.owner@example.test' } },
      credential: systemAdmin.accessToken,
    });
    expect(allowed.data?.addTeam.roleName).toBeNull();
    expect(await db().select().from(teamMembers).where(eq(teamMembers.teamId, allowed.data!.addTeam.id))).toMatchObject(
      [{ userId: futureOwner.id, role: 'TeamOwner' }],
    );
  });
});

describe('teamByFriendlyId', () => {
  it('shows the team to its members with their role, and NOT_FOUND to outsiders and for unknown slugs', async () => {
    const team = await teamWithRoles();
    for (const [caller, role] of [
      [owner, 'TeamOwner'],
      [admin, 'TeamAdmin'],
      [member, 'TeamMember'],
      [systemAdmin, null],
    ] as const) {
      const response = await readTeam(caller, team.friendlyId);
      expect(response.data).toEqual({
        teamByFriendlyId: expect.objectContaining({ id: team.id, meta: {}, roleName: role }) as unknown,
      });
    }
    for (const friendlyId of [team.friendlyId, 'no-such-team']) {
      expect(errorCodeOf(await readTeam(outsider, friendlyId))).toBe('NOT_FOUND');
    }
  });

  it('hides a disabled team from its own members but not from system admins', async () => {
    const team = await insertTestTeam(db(), { ownerId: owner.user.id, enabled: false });
    expect(errorCodeOf(await readTeam(owner, team.friendlyId))).toBe('NOT_FOUND');
    expect((await readTeam(systemAdmin, team.friendlyId)).data?.teamByFriendlyId).toMatchObject({ enabled: false });
  });
});

describe('updateTeam and updateTeamMeta', () => {
  it('lets team admins rename, re-slug and change the logo, and logs team.updated', async () => {
    const team = await teamWithRoles();
    const newSlug = `${team.friendlyId}-renamed`;
    const response = await graphqlRequest(testApp, {
      query: updateTeam,
      variables: {
        input: {
          teamFriendlyId: team.friendlyId,
          name: 'Renamed',
          friendlyId: newSlug,
          logoUrl: 'https://example.com/a.png',
        },
      },
      credential: admin.accessToken,
    });
    expect(response.data).toEqual({
      updateTeam: { id: team.id, name: 'Renamed', friendlyId: newSlug, logoUrl: 'https://example.com/a.png' },
    });
    const cleared = await graphqlRequest(testApp, {
      query: updateTeam,
      variables: { input: { teamFriendlyId: newSlug, logoUrl: null } },
      credential: owner.accessToken,
    });
    expect(cleared.data).toEqual({
      updateTeam: { id: team.id, name: 'Renamed', friendlyId: newSlug, logoUrl: null },
    });
    const [renamed] = await db().select().from(teams).where(eq(teams.id, team.id));
    expect(renamed?.enabled).toBe(true);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'team.updated'));
    expect(events.filter((event) => event.payload.teamId === team.id)).toHaveLength(2);
  });

  it('refuses members, outsiders, a taken slug and enabling by anyone but a system admin', async () => {
    const team = await teamWithRoles();
    const other = await teamWithRoles();
    const attempt = (credential: string, input: Record<string, unknown>) =>
      graphqlRequest(testApp, {
        query: updateTeam,
        variables: { input: { teamFriendlyId: team.friendlyId, ...input } },
        credential,
      });
    expect(errorCodeOf(await attempt(member.accessToken, { name: 'Mine' }))).toBe('AUTH_NOT_AUTHORIZED');
    expect(errorCodeOf(await attempt(outsider.accessToken, { name: 'Mine' }))).toBe('NOT_FOUND');
    expect(errorCodeOf(await attempt(owner.accessToken, { friendlyId: other.friendlyId }))).toBe('DUPLICATE_VALUE');
    expect(errorCodeOf(await attempt(owner.accessToken, { enabled: false }))).toBe('AUTH_NOT_AUTHORIZED');
    expect((await attempt(systemAdmin.accessToken, { enabled: false })).errors).toBeUndefined();
    const [unchanged] = await db().select().from(teams).where(eq(teams.id, team.id));
    expect(unchanged).toMatchObject({ name: team.name, friendlyId: team.friendlyId, enabled: false });
  });

  it('replaces meta with a JSON object and refuses anything else', async () => {
    const team = await teamWithRoles();
    const updateMeta = webDocument('UpdateTeamMeta');
    const meta = { region: 'eu', seats: 12, tags: ['a'] };
    const response = await graphqlRequest(testApp, {
      query: updateMeta,
      variables: { input: { teamFriendlyId: team.friendlyId, meta } },
      credential: admin.accessToken,
    });
    expect(response.data).toEqual({ updateTeamMeta: { id: team.id, meta } });
    for (const invalid of ['text', [1, 2], 42]) {
      const refused = await graphqlRequest(testApp, {
        query: updateMeta,
        variables: { input: { teamFriendlyId: team.friendlyId, meta: invalid } },
        credential: admin.accessToken,
      });
      expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');
    }
    const [stored] = await db().select().from(teams).where(eq(teams.id, team.id));
    expect(stored!.meta).toEqual(meta);
    // One team.updated row for the accepted meta, by the admin who sent it; the refused ones wrote none.
    const events = await db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'team.updated'), eq(eventLogs.userId, admin.user.id)));
    expect(events.filter((event) => event.payload.teamId === team.id).map((event) => event.payload)).toEqual([
      { teamId: team.id, meta },
    ]);
  });
});

describe('deleteTeam', () => {
  it('is for the owner only and removes memberships and team bookmarks with the team', async () => {
    const team = await teamWithRoles();
    await db().insert(bookmarks).values({ teamId: team.id, name: 'Docs', url: 'https://docs.example.com' });
    expect(errorCodeOf(await removeTeam(admin, team.friendlyId))).toBe('AUTH_NOT_AUTHORIZED');
    expect((await removeTeam(owner, team.friendlyId)).data).toEqual({ deleteTeam: true });
    expect(await db().select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual([]);
    expect(await db().select().from(bookmarks).where(eq(bookmarks.teamId, team.id))).toEqual([]);
    const [event] = await db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'team.deleted'), eq(eventLogs.userId, owner.user.id)));
    expect(event?.payload).toMatchObject({ teamId: team.id, friendlyId: team.friendlyId });
  });

  it("turns off the bell of everyone invited to it: a deleted team's invite cannot be answered", async () => {
    const team = await teamWithRoles();
    const invitee = { user: await insertTestUser(db()) };
    const invited = await graphqlRequest(testApp, {
      query: webDocument('CreateInvite'),
      variables: { input: { teamFriendlyId: team.friendlyId, emails: [invitee.user.email], teamRole: 'TeamMember' } },
      credential: owner.accessToken,
    });
    expect(invited.data?.createInvite).toMatchObject({ successCount: 1 });
    const unreadOf = async () =>
      (await db().select().from(notifications).where(eq(notifications.userId, invitee.user.id))).map(
        (row) => row.isRead,
      );
    expect(await unreadOf()).toEqual([false]);
    await removeTeam(owner, team.friendlyId);
    expect(await unreadOf()).toEqual([true]);
  });
});

describe('allTeams', () => {
  const allTeams = /* GraphQL */ `
    query GetAllTeams($search: String, $first: Int, $after: String) {
      allTeams(search: $search, first: $first, after: $after, order: [{ name: ASC }]) {
        nodes {
          name
          friendlyId
        }
        pageInfo {
          hasNextPage
          endCursor
        }
        totalCount
      }
    }
  `;

  it('searches name or friendly id for system admins, by name, page by page', async () => {
    await insertTestTeam(db(), { ownerId: owner.user.id, name: 'Zebra Searchable' });
    const slugMatch = await insertTestTeam(db(), { ownerId: owner.user.id, name: 'Aardvark' });
    const firstPage = await graphqlRequest<{
      allTeams: { nodes: { name: string }[]; pageInfo: { endCursor: string }; totalCount: number };
    }>(testApp, {
      query: allTeams,
      variables: { search: 'SEARCHABLE', first: 1 },
      credential: systemAdmin.accessToken,
    });
    expect(firstPage.data?.allTeams).toMatchObject({ nodes: [{ name: 'Zebra Searchable' }], totalCount: 1 });
    const bySlug = await graphqlRequest<{ allTeams: { nodes: { name: string }[] } }>(testApp, {
      query: allTeams,
      variables: { search: slugMatch.friendlyId.toUpperCase() },
      credential: systemAdmin.accessToken,
    });
    expect(bySlug.data?.allTeams.nodes).toEqual([{ name: 'Aardvark', friendlyId: slugMatch.friendlyId }]);
    const everything = await graphqlRequest<{ allTeams: { nodes: { name: string }[] } }>(testApp, {
      query: allTeams,
      variables: { first: 100 },
      credential: systemAdmin.accessToken,
    });
    const names = everything.data!.allTeams.nodes.map((node) => node.name);
    expect(names).toEqual([...names].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0)));
    expect(errorCodeOf(await graphqlRequest(testApp, { query: allTeams, credential: owner.accessToken }))).toBe(
      'AUTH_NOT_AUTHORIZED',
    );
  });
});

describe('myHomepage and User.teams', () => {
  const homepage = webDocument('GetMyHomepage');

  it('lists the caller’s enabled teams with roles, personal bookmarks, then their teams’ bookmarks', async () => {
    const reader = await signInTestUser(testApp);
    const alpha = await insertTestTeam(db(), { ownerId: reader.user.id, name: 'Alpha' });
    const beta = await insertTestTeam(db(), { ownerId: owner.user.id, memberIds: [reader.user.id], name: 'Beta' });
    const hidden = await insertTestTeam(db(), { ownerId: reader.user.id, name: 'Hidden', enabled: false });
    const foreign = await insertTestTeam(db(), { ownerId: owner.user.id, name: 'Foreign' });
    await db()
      .insert(bookmarks)
      .values([
        { ownerUserId: reader.user.id, name: 'Mine', url: 'https://mine.example.com' },
        { ownerUserId: owner.user.id, name: 'Not mine', url: 'https://other.example.com' },
        { teamId: beta.id, name: 'Beta docs', url: 'https://beta.example.com' },
        { teamId: hidden.id, name: 'Hidden docs', url: 'https://hidden.example.com' },
        { teamId: foreign.id, name: 'Foreign docs', url: 'https://foreign.example.com' },
      ]);
    const response = await graphqlRequest(testApp, { query: homepage, credential: reader.accessToken });
    expect(response.data).toMatchObject({
      myHomepage: {
        applications: [],
        teams: [
          { id: alpha.id, friendlyId: alpha.friendlyId, name: 'Alpha', roleName: 'TeamOwner', logoUrl: null },
          { id: beta.id, friendlyId: beta.friendlyId, name: 'Beta', roleName: 'TeamMember', logoUrl: null },
        ],
        bookmarks: [
          expect.objectContaining({ name: 'Mine', teamFriendlyId: null }),
          expect.objectContaining({ name: 'Beta docs', teamFriendlyId: beta.friendlyId }),
        ],
      },
    });
  });

  it('reads the dashboard with the same number of statements for 1 team or 20 teams with many bookmarks', async () => {
    const statementsFor = async (credential: string) =>
      (
        await recordStatements(db(), async () => {
          expect((await graphqlRequest(testApp, { query: homepage, credential })).errors).toBeUndefined();
        })
      ).length;
    const small = await signInTestUser(testApp);
    await insertTestTeam(db(), { ownerId: small.user.id });
    const large = await signInTestUser(testApp);
    for (let index = 0; index < 20; index++) {
      const team = await insertTestTeam(db(), { ownerId: owner.user.id, memberIds: [large.user.id] });
      await db()
        .insert(bookmarks)
        .values(
          Array.from({ length: 10 }, (_, bookmark) => ({
            teamId: team.id,
            name: `B${bookmark}`,
            url: 'https://x.example.com',
          })),
        );
    }
    expect(await statementsFor(large.accessToken)).toBe(await statementsFor(small.accessToken));
  });

  it('adds the user’s teams with their role to User, hiding disabled teams from non-admins', async () => {
    const person = await signInTestUser(testApp);
    const active = await insertTestTeam(db(), { ownerId: person.user.id, name: 'Active' });
    await insertTestTeam(db(), { ownerId: person.user.id, name: 'Switched off', enabled: false });
    const myTeams = await graphqlRequest<{
      me: { teams: { friendlyId: string; roleName: string; enabled: boolean }[] };
    }>(testApp, {
      query: 'query { me { teams { friendlyId roleName enabled } } }',
      credential: person.accessToken,
    });
    expect(myTeams.data?.me.teams).toEqual([{ friendlyId: active.friendlyId, roleName: 'TeamOwner', enabled: true }]);
  });
});
