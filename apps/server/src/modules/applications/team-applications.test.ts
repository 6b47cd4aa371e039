import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appRequests, teamApplications } from '../../db/schema/applications.js';
import { bookmarks } from '../../db/schema/bookmarks.js';
import { eventLogs } from '../../db/schema/events.js';
import { createTestServiceKey, errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import type { SignedInUser } from '../../test/graphql.js';
import { db, personas, teamWithRoles, testApp, useTeamTestApp } from '../../test/team-test-app.js';
import { insertTestTeam } from '../../test/teams.js';
import { grantTestApplication, insertTestApplication } from '../../test/applications.js';

useTeamTestApp();

const teamApplicationsQuery = /* GraphQL */ `
  query GetTeamApplications($teamId: ID!, $first: Int, $after: String) {
    teamApplications(teamId: $teamId, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        name
        url
        status
        grantedAt
      }
    }
  }
`;
type TeamApplicationsData = {
  teamApplications: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: { id: string; name: string; status: string; grantedAt: string }[];
  };
};

describe("a team's applications", () => {
  it('pages granted applications by name to members and system admins, at most 100 a page, and NOT_FOUND to outsiders', async () => {
    const team = await teamWithRoles();
    const names = ['Gamma tool', 'Alpha tool', 'Beta tool'];
    for (const [index, name] of names.entries()) {
      const application = await insertTestApplication(db(), { name: `${name} ${team.friendlyId}` });
      await grantTestApplication(db(), {
        teamId: team.id,
        applicationId: application.id,
        status: index === 0 ? 'DISABLED' : 'ENABLED',
      });
    }
    await insertTestApplication(db(), { name: `Not granted ${team.friendlyId}` });
    const list = (credential: string, first?: number, after?: string | null) =>
      graphqlRequest<TeamApplicationsData>(testApp, {
        query: teamApplicationsQuery,
        variables: { teamId: team.id, first, after },
        credential,
      });

    const asMember = await list(personas.member.accessToken);
    expect(asMember.errors).toBeUndefined();
    expect(asMember.data!.teamApplications.nodes.map((app) => [app.name.split(' ')[0], app.status])).toEqual([
      ['Alpha', 'ENABLED'],
      ['Beta', 'ENABLED'],
      ['Gamma', 'DISABLED'],
    ]);
    expect(asMember.data!.teamApplications.totalCount).toBe(3);
    expect(asMember.data!.teamApplications.nodes.every((app) => !Number.isNaN(Date.parse(app.grantedAt)))).toBe(true);
    const firstPage = (await list(personas.systemAdmin.accessToken, 2)).data!.teamApplications;
    expect(firstPage.nodes.map((app) => app.name.split(' ')[0])).toEqual(['Alpha', 'Beta']);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const secondPage = (await list(personas.systemAdmin.accessToken, 2, firstPage.pageInfo.endCursor)).data!
      .teamApplications;
    expect(secondPage.nodes.map((app) => app.name.split(' ')[0])).toEqual(['Gamma']);
    expect(secondPage.pageInfo.hasNextPage).toBe(false);
    expect((await list(personas.owner.accessToken, 100)).data!.teamApplications.nodes).toHaveLength(3);
    expect(errorCodeOf(await list(personas.member.accessToken, 101))).toBe('INVALID_REQUEST');
    expect(errorCodeOf(await list(personas.member.accessToken, -1))).toBe('INVALID_REQUEST');
    expect(errorCodeOf(await list(personas.outsider.accessToken))).toBe('NOT_FOUND');
    for (const teamId of ['00000000-0000-0000-0000-000000000000', 'team-x']) {
      const response = await graphqlRequest(testApp, {
        query: teamApplicationsQuery,
        variables: { teamId },
        credential: personas.member.accessToken,
      });
      expect(errorCodeOf(response)).toBe('NOT_FOUND');
    }
    const disabledTeam = await insertTestTeam(db(), { ownerId: personas.member.user.id, enabled: false });
    const disabled = await graphqlRequest(testApp, {
      query: teamApplicationsQuery,
      variables: { teamId: disabledTeam.id },
      credential: personas.member.accessToken,
    });
    expect(errorCodeOf(disabled)).toBe('NOT_FOUND');
  });

  it('offers the applications the team lacks, each saying whether a request is pending', async () => {
    const team = await teamWithRoles();
    const marker = team.friendlyId;
    const granted = await insertTestApplication(db(), { name: `Granted ${marker}` });
    const pending = await insertTestApplication(db(), { name: `Pending ${marker}` });
    const rejected = await insertTestApplication(db(), { name: `Rejected ${marker}` });
    const fresh = await insertTestApplication(db(), { name: `Fresh ${marker}` });
    await grantTestApplication(db(), { teamId: team.id, applicationId: granted.id });
    const request = {
      teamId: team.id,
      teamName: team.name,
      requestedById: personas.member.user.id,
      contactEmail: 'm@example.com',
      firstName: 'M',
      lastName: 'N',
    };
    await db()
      .insert(appRequests)
      .values([
        { ...request, applicationId: pending.id },
        { ...request, applicationId: rejected.id, status: 'REJECTED' as const, closedAt: new Date() },
      ]);
    const query = /* GraphQL */ `
      query GetTeamAvailableApps($teamFriendlyId: String!, $search: String, $first: Int, $after: String) {
        teamAvailableApps(teamFriendlyId: $teamFriendlyId, search: $search, first: $first, after: $after) {
          nodes {
            id
            name
            hasPendingRequest
          }
          pageInfo {
            hasNextPage
            endCursor
          }
          totalCount
        }
      }
    `;
    type Data = {
      teamAvailableApps: {
        nodes: { id: string; name: string; hasPendingRequest: boolean }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
        totalCount: number;
      };
    };
    const available = (variables: Record<string, unknown>, credential = personas.member.accessToken) =>
      graphqlRequest<Data>(testApp, {
        query,
        variables: { teamFriendlyId: team.friendlyId, search: marker, ...variables },
        credential,
      });
    const firstPage = await available({ first: 2 });
    expect(firstPage.errors).toBeUndefined();
    expect(firstPage.data!.teamAvailableApps).toMatchObject({
      nodes: [
        { id: fresh.id, hasPendingRequest: false },
        { id: pending.id, hasPendingRequest: true },
      ],
      totalCount: 3,
    });
    const secondPage = await available({ first: 2, after: firstPage.data!.teamAvailableApps.pageInfo.endCursor });
    expect(secondPage.data!.teamAvailableApps.nodes).toEqual([
      { id: rejected.id, name: rejected.name, hasPendingRequest: false },
    ]);
    expect(errorCodeOf(await available({}, personas.outsider.accessToken))).toBe('NOT_FOUND');
    expect((await available({}, personas.systemAdmin.accessToken)).data!.teamAvailableApps.totalCount).toBe(3);
  });
});

const updateAppStatus = /* GraphQL */ `
  mutation UpdateAppStatus($friendlyTeamId: String!, $appId: ID!, $status: TeamApplicationStatus!) {
    updateAppStatus(friendlyTeamId: $friendlyTeamId, appId: $appId, status: $status) {
      id
      status
      disabledBySystemAdmin
      grantedAt
    }
  }
`;

describe('switching an application on and off', () => {
  const setStatus = (
    user: SignedInUser | string,
    variables: { friendlyTeamId: string; appId: string; status: string },
  ) =>
    graphqlRequest<{ updateAppStatus: { id: string; status: string } }>(testApp, {
      query: updateAppStatus,
      variables,
      credential: typeof user === 'string' ? user : user.accessToken,
    });
  const statusOf = async (teamId: string, applicationId: string) =>
    (
      await db()
        .select()
        .from(teamApplications)
        .where(and(eq(teamApplications.teamId, teamId), eq(teamApplications.applicationId, applicationId)))
    )[0]?.status;

  it('owners and admins switch a granted application; members (and their service keys) may not; each change is logged', async () => {
    const team = await teamWithRoles();
    const application = await insertTestApplication(db());
    await grantTestApplication(db(), { teamId: team.id, applicationId: application.id });
    const variables = (status: string) => ({ friendlyTeamId: team.friendlyId, appId: application.id, status });

    expect(errorCodeOf(await setStatus(personas.member, variables('DISABLED')))).toBe('AUTH_NOT_AUTHORIZED');
    // A service key acts as its user.
    const keyOfMember = await createTestServiceKey(testApp, personas.member.user);
    expect(errorCodeOf(await setStatus(keyOfMember, variables('DISABLED')))).toBe('AUTH_NOT_AUTHORIZED');
    expect(errorCodeOf(await setStatus(personas.outsider, variables('DISABLED')))).toBe('NOT_FOUND');
    expect(await statusOf(team.id, application.id)).toBe('ENABLED');

    const disabled = await setStatus(personas.admin, variables('DISABLED'));
    expect(disabled.data!.updateAppStatus).toMatchObject({ id: application.id, status: 'DISABLED' });
    expect(await statusOf(team.id, application.id)).toBe('DISABLED');
    const enabled = await setStatus(personas.owner, variables('ENABLED'));
    expect(enabled.data!.updateAppStatus.status).toBe('ENABLED');
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'team-application.updated'));
    const mine = events.filter((event) => event.payload.applicationId === application.id);
    expect(mine.map((event) => [event.userEmail, event.payload.previousStatus, event.payload.status])).toEqual(
      expect.arrayContaining([
        [personas.admin.user.email, 'ENABLED', 'DISABLED'],
        [personas.owner.user.email, 'DISABLED', 'ENABLED'],
      ]),
    );
    expect(mine).toHaveLength(2);
  });

  it('owners and admins cannot grant an application the team lacks (NOT_FOUND); system admins can, and set any status', async () => {
    const team = await teamWithRoles();
    const application = await insertTestApplication(db());
    const variables = (status: string) => ({ friendlyTeamId: team.friendlyId, appId: application.id, status });
    expect(errorCodeOf(await setStatus(personas.owner, variables('ENABLED')))).toBe('NOT_FOUND');
    expect(await statusOf(team.id, application.id)).toBeUndefined();

    const granted = await setStatus(personas.systemAdmin, variables('DISABLED'));
    expect(granted.errors).toBeUndefined();
    expect(await statusOf(team.id, application.id)).toBe('DISABLED');
    await setStatus(personas.systemAdmin, variables('ENABLED'));
    expect(await statusOf(team.id, application.id)).toBe('ENABLED');

    const disabledTeam = await insertTestTeam(db(), { ownerId: personas.owner.user.id, enabled: false });
    const onDisabledTeam = await setStatus(personas.systemAdmin, {
      ...variables('ENABLED'),
      friendlyTeamId: disabledTeam.friendlyId,
    });
    expect(onDisabledTeam.errors).toBeUndefined();
    expect(errorCodeOf(await setStatus(personas.systemAdmin, { ...variables('ENABLED'), appId: 'nope' }))).toBe(
      'NOT_FOUND',
    );
    expect(
      errorCodeOf(
        await setStatus(personas.owner, { ...variables('ENABLED'), friendlyTeamId: disabledTeam.friendlyId }),
      ),
    ).toBe('NOT_FOUND');
  });

  it("a system admin's DISABLED is authoritative: owners and admins cannot switch it back; a system admin can", async () => {
    const team = await teamWithRoles();
    const application = await insertTestApplication(db());
    await grantTestApplication(db(), { teamId: team.id, applicationId: application.id });
    const variables = (status: string) => ({ friendlyTeamId: team.friendlyId, appId: application.id, status });
    expect((await setStatus(personas.systemAdmin, variables('DISABLED'))).data!.updateAppStatus).toMatchObject({
      status: 'DISABLED',
      disabledBySystemAdmin: true,
    });
    for (const persona of [personas.owner, personas.admin]) {
      for (const status of ['ENABLED', 'DISABLED']) {
        expect(errorCodeOf(await setStatus(persona, variables(status)))).toBe('AUTH_NOT_AUTHORIZED');
      }
    }
    expect(await statusOf(team.id, application.id)).toBe('DISABLED');
    const reenabled = await setStatus(personas.systemAdmin, variables('ENABLED'));
    expect(reenabled.data!.updateAppStatus).toMatchObject({ status: 'ENABLED', disabledBySystemAdmin: false });
    // The team's own switch stays the team's.
    expect((await setStatus(personas.owner, variables('DISABLED'))).data!.updateAppStatus).toMatchObject({
      status: 'DISABLED',
      disabledBySystemAdmin: false,
    });
    expect((await setStatus(personas.admin, variables('ENABLED'))).errors).toBeUndefined();
  });

  it('system admins revoke a grant; owners, admins and members may not; NOT_FOUND when there is none', async () => {
    const team = await teamWithRoles();
    const application = await insertTestApplication(db());
    await grantTestApplication(db(), { teamId: team.id, applicationId: application.id });
    const revoke = (user: SignedInUser) =>
      graphqlRequest<{ revokeTeamApplication: boolean }>(testApp, {
        query: /* GraphQL */ `
          mutation RevokeTeamApplication($friendlyTeamId: String!, $appId: ID!) {
            revokeTeamApplication(friendlyTeamId: $friendlyTeamId, appId: $appId)
          }
        `,
        variables: { friendlyTeamId: team.friendlyId, appId: application.id },
        credential: user.accessToken,
      });
    for (const persona of [personas.owner, personas.admin, personas.member]) {
      expect(errorCodeOf(await revoke(persona))).toBe('AUTH_NOT_AUTHORIZED');
    }
    expect(await statusOf(team.id, application.id)).toBe('ENABLED');
    const revoked = await revoke(personas.systemAdmin);
    expect(revoked.data).toEqual({ revokeTeamApplication: true });
    expect(await statusOf(team.id, application.id)).toBeUndefined();
    expect(errorCodeOf(await revoke(personas.systemAdmin))).toBe('NOT_FOUND');
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'team-application.revoked'));
    expect(events.filter((event) => event.payload.applicationId === application.id)).toHaveLength(1);
  });
});

const logInteraction = /* GraphQL */ `
  mutation LogInteraction($entityId: ID!, $type: InteractionType!) {
    logInteraction(entityId: $entityId, type: $type)
  }
`;

describe('launching', () => {
  const launch = (user: SignedInUser, entityId: string, type = 'APPLICATION') =>
    graphqlRequest<{ logInteraction: boolean }>(testApp, {
      query: logInteraction,
      variables: { entityId, type },
      credential: user.accessToken,
    });
  const eventsOf = async (user: SignedInUser, eventType: string) =>
    db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.userId, user.user.id), eq(eventLogs.eventType, eventType)));

  it('an ENABLED application of one of my teams launches and is logged; a disabled one, a stranger and a disabled team get NOT_FOUND', async () => {
    const launcher = await signInTestUser(testApp);
    const team = await insertTestTeam(db(), { ownerId: launcher.user.id });
    const [enabled, disabled, elsewhere, onDisabledTeam] = await Promise.all(
      [1, 2, 3, 4].map(() => insertTestApplication(db())),
    );
    await grantTestApplication(db(), { teamId: team.id, applicationId: enabled!.id });
    await grantTestApplication(db(), { teamId: team.id, applicationId: disabled!.id, status: 'DISABLED' });
    const strangers = await insertTestTeam(db(), { ownerId: personas.outsider.user.id });
    await grantTestApplication(db(), { teamId: strangers.id, applicationId: elsewhere!.id });
    const disabledTeam = await insertTestTeam(db(), { ownerId: launcher.user.id, enabled: false });
    await grantTestApplication(db(), { teamId: disabledTeam.id, applicationId: onDisabledTeam!.id });

    const launched = await launch(launcher, enabled!.id);
    expect(launched.data).toEqual({ logInteraction: true });
    const events = await eventsOf(launcher, 'app.launched');
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      applicationId: enabled!.id,
      teamId: team.id,
      friendlyId: team.friendlyId,
    });

    for (const application of [disabled, elsewhere, onDisabledTeam]) {
      expect(errorCodeOf(await launch(launcher, application!.id))).toBe('NOT_FOUND');
    }
    expect(errorCodeOf(await launch(launcher, 'not-a-uuid'))).toBe('NOT_FOUND');
    expect(await eventsOf(launcher, 'app.launched')).toHaveLength(1);
  });

  it('opening a bookmark I can see is logged; anyone else’s is NOT_FOUND', async () => {
    const reader = await signInTestUser(testApp);
    const team = await insertTestTeam(db(), { ownerId: personas.owner.user.id, memberIds: [reader.user.id] });
    const [personal, teamBookmark, foreign] = await db()
      .insert(bookmarks)
      .values([
        { ownerUserId: reader.user.id, url: 'https://mine.example.com/', name: 'Mine' },
        { teamId: team.id, url: 'https://team.example.com/', name: 'Team' },
        { ownerUserId: personas.outsider.user.id, url: 'https://theirs.example.com/', name: 'Theirs' },
      ])
      .returning();
    expect((await launch(reader, personal!.id, 'BOOKMARK')).data).toEqual({ logInteraction: true });
    expect((await launch(reader, teamBookmark!.id, 'BOOKMARK')).data).toEqual({ logInteraction: true });
    expect(errorCodeOf(await launch(reader, foreign!.id, 'BOOKMARK'))).toBe('NOT_FOUND');
    const opened = await eventsOf(reader, 'bookmark.opened');
    expect(opened.map((event) => event.payload.bookmarkId).sort()).toEqual([personal!.id, teamBookmark!.id].sort());
  });
});
