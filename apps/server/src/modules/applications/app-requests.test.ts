import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, appRequestHistory, appRequests, teamApplications } from '../../db/schema/applications.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { users } from '../../db/schema/users.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { db, personas, teamWithRoles, testApp, useTeamTestApp } from '../../test/team-test-app.js';
import { insertTestTeam } from '../../test/teams.js';
import { grantTestApplication, insertTestApplication } from '../../test/applications.js';
import { webDocument } from '../../test/web-documents.js';

useTeamTestApp();

const requestFields = /* GraphQL */ `
  id applicationId applicationName teamFriendlyId teamName status requestedBy requestedById contactEmail contactPhone
  message comments createdAt closedAt teamApplicationStatus history { action actorName comments }
`;
const requestAccess = /* GraphQL */ `
  mutation RequestApplicationAccess($input: RequestAccessInput!) { requestApplicationAccess(input: $input) { ${requestFields} } }
`;
const approve = /* GraphQL */ `
  mutation ApproveAppRequest($requestId: ID!, $comments: String) { approveAppRequest(requestId: $requestId, comments: $comments) { ${requestFields} } }
`;
const reject = /* GraphQL */ `
  mutation RejectAppRequest($requestId: ID!, $comments: String) { rejectAppRequest(requestId: $requestId, comments: $comments) { ${requestFields} } }
`;

const withdraw = /* GraphQL */ `
  mutation WithdrawAppRequest($requestId: ID!) { withdrawAppRequest(requestId: $requestId) { ${requestFields} } }
`;

interface AppRequestData {
  id: string;
  status: string;
  comments: string | null;
  teamApplicationStatus: string | null;
  history: { action: string; actorName: string; comments: string | null }[];
  [field: string]: unknown;
}

function requestInput(options: { appId: string; teamFriendlyId: string; acceptTerms?: boolean; message?: string }) {
  return {
    contactEmail: 'ada@example.com',
    contactPhone: '+44 20 7946 0000',
    firstName: 'Ada',
    lastName: 'Lovelace',
    acceptTerms: false,
    ...options,
  };
}

async function requestAs(user: SignedInUser, input: ReturnType<typeof requestInput>) {
  return graphqlRequest<{ requestApplicationAccess: AppRequestData }>(testApp, {
    query: requestAccess,
    variables: { input },
    credential: user.accessToken,
  });
}

describe('requesting an application', () => {
  it('a member requests, every system admin is told, an admin approves with a comment, the requester is told and the team has it ENABLED', async () => {
    const secondSystemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
    const team = await teamWithRoles();
    const application = await insertTestApplication(db(), { name: 'Journey CRM' });
    const requested = await requestAs(
      personas.member,
      requestInput({ appId: application.id, teamFriendlyId: team.friendlyId, message: 'For the sales team' }),
    );
    expect(requested.errors).toBeUndefined();
    const request = requested.data!.requestApplicationAccess;
    expect(request).toMatchObject({
      applicationId: application.id,
      applicationName: 'Journey CRM',
      teamFriendlyId: team.friendlyId,
      status: 'PENDING',
      requestedById: personas.member.user.id,
      requestedBy: 'Test User',
      contactEmail: 'ada@example.com',
      message: 'For the sales team',
      comments: null,
      closedAt: null,
      teamApplicationStatus: null,
      history: [{ action: 'CREATED', actorName: 'Test User', comments: 'For the sales team' }],
    });
    // Exactly one notification for each system admin, none for anyone else.
    const systemAdminIds = (await db().select({ id: users.id }).from(users).where(eq(users.isSystemAdmin, true))).map(
      (user) => user.id,
    );
    expect(systemAdminIds.sort()).toEqual([personas.systemAdmin.user.id, secondSystemAdmin.user.id].sort());
    const adminNotifications = await db()
      .select({ userId: notifications.userId, type: notifications.type, isRead: notifications.isRead })
      .from(notifications)
      .where(eq(notifications.externalId, request.id));
    expect(adminNotifications.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
      systemAdminIds.map((userId) => ({ userId, type: 'AppRequestCreated', isRead: false })),
    );

    const approved = await graphqlRequest<{ approveAppRequest: AppRequestData }>(testApp, {
      query: approve,
      variables: { requestId: request.id, comments: 'Enjoy it' },
      credential: personas.systemAdmin.accessToken,
    });
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.approveAppRequest).toMatchObject({
      status: 'APPROVED',
      comments: 'Enjoy it',
      teamApplicationStatus: 'ENABLED',
      history: [{ action: 'CREATED' }, { action: 'APPROVED', comments: 'Enjoy it' }],
    });
    expect(approved.data!.approveAppRequest.closedAt).toBeTruthy();
    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, personas.member.user.id), eq(notifications.externalId, request.id)));
    expect(told).toMatchObject({ type: 'AppRequestApproved' });
    expect(told!.message).toContain('Journey CRM');
    expect(told!.message).toContain('Enjoy it');
    const grants = await db().select().from(teamApplications).where(eq(teamApplications.teamId, team.id));
    expect(grants).toMatchObject([{ applicationId: application.id, status: 'ENABLED' }]);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.userId, personas.systemAdmin.user.id));
    expect(events.map((event) => event.eventType)).toContain('app-request.approved');
  });
});

const updateComments = /* GraphQL */ `
  mutation UpdateAppRequestComments($requestId: ID!, $comments: String!) {
    updateAppRequestComments(requestId: $requestId, comments: $comments) { ${requestFields} }
  }
`;

/** A fresh team with the personas and a fresh application, with a pending request by the member. */
async function pendingRequest(options: { termsLink?: string } = {}) {
  const team = await teamWithRoles();
  const application = await insertTestApplication(db(), { termsLink: options.termsLink ?? null });
  const response = await requestAs(
    personas.member,
    requestInput({
      appId: application.id,
      teamFriendlyId: team.friendlyId,
      acceptTerms: options.termsLink !== undefined,
    }),
  );
  expect(response.errors).toBeUndefined();
  return { team, application, request: response.data!.requestApplicationAccess };
}

const eventsAbout = async (requestId: string) =>
  (await db().select().from(eventLogs)).filter((event) => event.payload.requestId === requestId);

const closeAs = (user: SignedInUser, document: string, requestId: string, comments?: string) =>
  graphqlRequest<Record<string, AppRequestData>>(testApp, {
    query: document,
    variables: { requestId, comments },
    credential: user.accessToken,
  });

describe('request rules', () => {
  it('one pending request per team and application: a second is DUPLICATE_VALUE, even from another member', async () => {
    const { team, application, request } = await pendingRequest();
    const again = await requestAs(
      personas.admin,
      requestInput({ appId: application.id, teamFriendlyId: team.friendlyId }),
    );
    expect(errorCodeOf(again)).toBe('DUPLICATE_VALUE');
    const rows = await db().select().from(appRequests).where(eq(appRequests.teamId, team.id));
    expect(rows.map((row) => row.id)).toEqual([request.id]);
    // Once that one is closed, the team may ask again.
    await closeAs(personas.systemAdmin, reject, request.id, 'Not now');
    const later = await requestAs(
      personas.admin,
      requestInput({ appId: application.id, teamFriendlyId: team.friendlyId }),
    );
    expect(later.errors).toBeUndefined();
  });

  it('the database holds the one-pending rule by itself', async () => {
    const { team, application } = await pendingRequest();
    await expect(
      db().insert(appRequests).values({
        applicationId: application.id,
        teamId: team.id,
        teamName: team.name,
        requestedById: personas.owner.user.id,
        contactEmail: 'owner@example.com',
        firstName: 'O',
        lastName: 'W',
      }),
    ).rejects.toThrow();
  });

  it('refuses an application the team already has, missing terms acceptance, a disabled team and outsiders', async () => {
    const team = await teamWithRoles();
    const owned = await insertTestApplication(db());
    await grantTestApplication(db(), { teamId: team.id, applicationId: owned.id, status: 'DISABLED' });
    const alreadyHas = await requestAs(
      personas.member,
      requestInput({ appId: owned.id, teamFriendlyId: team.friendlyId }),
    );
    expect(errorCodeOf(alreadyHas)).toBe('INVALID_REQUEST');
    expect(alreadyHas.errors![0]!.message).toContain('already has');

    const withTerms = await insertTestApplication(db(), {
      termsLink: 'https://terms.example.com/',
      termsDate: new Date('2026-01-01'),
    });
    const unaccepted = await requestAs(
      personas.member,
      requestInput({ appId: withTerms.id, teamFriendlyId: team.friendlyId }),
    );
    expect(errorCodeOf(unaccepted)).toBe('INVALID_REQUEST');
    expect(unaccepted.errors![0]!.extensions!.field).toBe('acceptTerms');
    const accepted = await requestAs(
      personas.member,
      requestInput({ appId: withTerms.id, teamFriendlyId: team.friendlyId, acceptTerms: true }),
    );
    expect(accepted.errors).toBeUndefined();
    const [stored] = await db()
      .select()
      .from(appRequests)
      .where(eq(appRequests.id, accepted.data!.requestApplicationAccess.id));
    expect(stored!.termsAcceptedAt).toBeInstanceOf(Date);

    const free = await insertTestApplication(db());
    const disabledTeam = await insertTestTeam(db(), {
      ownerId: personas.owner.user.id,
      memberIds: [personas.member.user.id],
      enabled: false,
    });
    for (const [caller, appId, teamFriendlyId, code] of [
      ['outsider', free.id, team.friendlyId, 'NOT_FOUND'],
      ['member', '00000000-0000-0000-0000-000000000000', team.friendlyId, 'NOT_FOUND'],
      ['member', free.id, disabledTeam.friendlyId, 'NOT_FOUND'],
      ['systemAdmin', free.id, disabledTeam.friendlyId, 'INVALID_REQUEST'],
    ] as const) {
      const refused = await requestAs(personas[caller], requestInput({ appId, teamFriendlyId }));
      expect(errorCodeOf(refused), `${caller} asking for ${appId} in ${teamFriendlyId}`).toBe(code);
    }
    expect(await db().select().from(appRequests).where(eq(appRequests.teamId, disabledTeam.id))).toEqual([]);
  });

  it('validates the contact details and the message', async () => {
    const team = await teamWithRoles();
    const application = await insertTestApplication(db());
    const base = requestInput({ appId: application.id, teamFriendlyId: team.friendlyId });
    for (const [field, value] of [
      ['contactEmail', 'not an email'],
      ['firstName', ' '],
      ['lastName', 'x'.repeat(101)],
      ['message', 'x'.repeat(1001)],
      ['contactPhone', '1'.repeat(41)],
    ] as const) {
      const response = await requestAs(personas.member, { ...base, [field]: value });
      expect(errorCodeOf(response), field).toBe('INVALID_REQUEST');
      expect(Object.keys(response.errors![0]!.extensions!.fields as object)).toEqual([field]);
    }
    const longest = await requestAs(personas.member, { ...base, message: 'x'.repeat(1000) });
    expect(longest.errors).toBeUndefined();
  });

  it('checks the contact phone by the profile phone rule, as the form does (@dxp/contracts/phone-number)', async () => {
    const team = await teamWithRoles();
    const base = requestInput({ appId: (await insertTestApplication(db())).id, teamFriendlyId: team.friendlyId });
    // Once accepted here (any text of up to 40 characters) and refused by the form.
    const notAPhone = await requestAs(personas.member, { ...base, contactPhone: 'call me after 5' });
    expect(errorCodeOf(notAPhone)).toBe('INVALID_REQUEST');
    expect(notAPhone.errors![0]!.extensions!.fields).toEqual({
      contactPhone: expect.arrayContaining(['Use digits, spaces and + ( ) . - only.']) as unknown,
    });
    const tooFewDigits = await requestAs(personas.member, { ...base, contactPhone: '123 456' });
    expect(errorCodeOf(tooFewDigits)).toBe('INVALID_REQUEST');

    const typed = await requestAs(personas.member, { ...base, contactPhone: ' +44 (0)20 7946-0958 ' });
    expect(typed.data?.requestApplicationAccess.contactPhone).toBe('+44 (0)20 7946-0958');
    const other = await requestAs(personas.member, {
      ...base,
      appId: (await insertTestApplication(db())).id,
      contactPhone: '',
    });
    expect(other.data?.requestApplicationAccess.contactPhone).toBeNull();
  });
});

describe('approving and rejecting', () => {
  it('a rejection tells the requester with the comment; the team gets nothing', async () => {
    const { team, request } = await pendingRequest();
    const rejected = await closeAs(personas.systemAdmin, reject, request.id, 'No budget this quarter');
    expect(rejected.data!.rejectAppRequest).toMatchObject({
      status: 'REJECTED',
      comments: 'No budget this quarter',
      teamApplicationStatus: null,
      history: [{ action: 'CREATED' }, { action: 'REJECTED', comments: 'No budget this quarter' }],
    });
    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, personas.member.user.id), eq(notifications.externalId, request.id)));
    expect(told).toMatchObject({ type: 'AppRequestRejected' });
    expect(told!.message).toContain('No budget this quarter');
    expect(await db().select().from(teamApplications).where(eq(teamApplications.teamId, team.id))).toEqual([]);
    expect((await eventsAbout(request.id)).map((event) => event.eventType).sort()).toEqual([
      'app-request.created',
      'app-request.rejected',
    ]);
  });

  it("deciding a request marks every system admin's notification about it read", async () => {
    const secondSystemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
    for (const document of [approve, reject]) {
      const { request } = await pendingRequest();
      const unread = () =>
        db()
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(
            and(
              eq(notifications.externalId, request.id),
              eq(notifications.type, 'AppRequestCreated'),
              eq(notifications.isRead, false),
            ),
          );
      expect((await unread()).map((row) => row.userId)).toEqual(
        expect.arrayContaining([personas.systemAdmin.user.id, secondSystemAdmin.user.id]),
      );
      const decided = await closeAs(personas.systemAdmin, document, request.id);
      expect(decided.errors).toBeUndefined();
      expect(await unread()).toEqual([]);
    }
  });

  it('a closed request is not closed again: approve twice, reject after approve and approve after reject are refused', async () => {
    const first = await pendingRequest();
    expect((await closeAs(personas.systemAdmin, approve, first.request.id)).errors).toBeUndefined();
    const twice = await closeAs(personas.systemAdmin, approve, first.request.id, 'again');
    expect(errorCodeOf(twice)).toBe('INVALID_REQUEST');
    expect(twice.errors![0]!.message).toBe('This request was already approved.');
    expect(errorCodeOf(await closeAs(personas.systemAdmin, reject, first.request.id))).toBe('INVALID_REQUEST');
    const second = await pendingRequest();
    await closeAs(personas.systemAdmin, reject, second.request.id);
    const late = await closeAs(personas.systemAdmin, approve, second.request.id);
    expect(late.errors![0]!.message).toBe('This request was already rejected.');
    expect(await db().select().from(teamApplications).where(eq(teamApplications.teamId, second.team.id))).toEqual([]);
    const history = await db()
      .select()
      .from(appRequestHistory)
      .where(eq(appRequestHistory.requestId, first.request.id));
    expect(history.map((entry) => entry.action).sort()).toEqual(['APPROVED', 'CREATED']);
    for (const requestId of ['00000000-0000-0000-0000-000000000000', 'bogus']) {
      expect(errorCodeOf(await closeAs(personas.systemAdmin, approve, requestId))).toBe('NOT_FOUND');
    }
    expect(errorCodeOf(await closeAs(personas.owner, approve, second.request.id))).toBe('AUTH_NOT_AUTHORIZED');
  });

  it('the requester withdraws a pending request: the administrators are no longer asked, the history and the log say so', async () => {
    const { request } = await pendingRequest();
    const withdrawn = await closeAs(personas.member, withdraw, request.id);
    expect(withdrawn.errors).toBeUndefined();
    expect(withdrawn.data!.withdrawAppRequest).toMatchObject({
      status: 'WITHDRAWN',
      history: [{ action: 'CREATED' }, { action: 'WITHDRAWN' }],
    });
    expect(withdrawn.data!.withdrawAppRequest!.closedAt).toEqual(expect.any(String));
    const unread = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.externalId, request.id), eq(notifications.isRead, false)));
    expect(unread).toEqual([]);
    expect((await eventsAbout(request.id)).map((event) => event.eventType).sort()).toEqual([
      'app-request.created',
      'app-request.withdrawn',
    ]);
    // Withdrawn, it can be neither decided nor withdrawn again, and the team may ask again.
    const late = await closeAs(personas.systemAdmin, approve, request.id);
    expect(late.errors![0]!.message).toBe('This request was already withdrawn.');
    expect((await closeAs(personas.member, withdraw, request.id)).errors![0]!.message).toBe(
      'This request was already withdrawn.',
    );
  });

  it('only the requester withdraws, and only a pending request', async () => {
    const { request } = await pendingRequest();
    // A teammate and a system administrator see the request but did not make it; an outsider does not see it.
    for (const other of [personas.owner, personas.systemAdmin]) {
      const refused = await closeAs(other, withdraw, request.id);
      expect(errorCodeOf(refused)).toBe('AUTH_NOT_AUTHORIZED');
      expect(refused.errors![0]!.message).toBe('Only the person who made a request can withdraw it.');
    }
    expect(errorCodeOf(await closeAs(personas.outsider, withdraw, request.id))).toBe('NOT_FOUND');
    for (const requestId of ['00000000-0000-0000-0000-000000000000', 'bogus']) {
      expect(errorCodeOf(await closeAs(personas.member, withdraw, requestId))).toBe('NOT_FOUND');
    }
    await closeAs(personas.systemAdmin, approve, request.id);
    const decided = await closeAs(personas.member, withdraw, request.id);
    expect(errorCodeOf(decided)).toBe('INVALID_REQUEST');
    expect(decided.errors![0]!.message).toBe('This request was already approved.');
  });

  it('20 simultaneous approvals of one request: exactly one succeeds, with one grant, one notification, one history entry and one event', async () => {
    const { team, request } = await pendingRequest();
    const admins = [
      personas.systemAdmin,
      ...(await Promise.all([1, 2, 3].map(() => signInTestUser(testApp, { isSystemAdmin: true })))),
    ];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        closeAs(admins[index % admins.length]!, approve, request.id, `Approval ${index}`),
      ),
    );
    const succeeded = responses.filter((response) => !response.errors);
    expect(succeeded).toHaveLength(1);
    expect(responses.filter((response) => errorCodeOf(response) === 'INVALID_REQUEST')).toHaveLength(19);
    expect(await db().select().from(teamApplications).where(eq(teamApplications.teamId, team.id))).toHaveLength(1);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, personas.member.user.id), eq(notifications.externalId, request.id)));
    expect(told).toHaveLength(1);
    const history = await db().select().from(appRequestHistory).where(eq(appRequestHistory.requestId, request.id));
    expect(history.filter((entry) => entry.action === 'APPROVED')).toHaveLength(1);
    expect((await eventsAbout(request.id)).filter((event) => event.eventType === 'app-request.approved')).toHaveLength(
      1,
    );
    const [stored] = await db().select().from(appRequests).where(eq(appRequests.id, request.id));
    expect(stored!.comments).toBe(succeeded[0]!.data!.approveAppRequest!.comments);
  });

  it('system admins edit the comments of any request, which the history records', async () => {
    const { request } = await pendingRequest();
    const updated = await graphqlRequest<{ updateAppRequestComments: AppRequestData }>(testApp, {
      query: updateComments,
      variables: { requestId: request.id, comments: 'Waiting for the contract' },
      credential: personas.systemAdmin.accessToken,
    });
    expect(updated.data!.updateAppRequestComments).toMatchObject({
      status: 'PENDING',
      comments: 'Waiting for the contract',
      history: [{ action: 'CREATED' }, { action: 'COMMENTS_UPDATED', comments: 'Waiting for the contract' }],
    });
    const refused = await graphqlRequest(testApp, {
      query: updateComments,
      variables: { requestId: request.id, comments: 'Mine now' },
      credential: personas.owner.accessToken,
    });
    expect(errorCodeOf(refused)).toBe('AUTH_NOT_AUTHORIZED');
    const tooLong = await graphqlRequest(testApp, {
      query: updateComments,
      variables: { requestId: request.id, comments: 'x'.repeat(2001) },
      credential: personas.systemAdmin.accessToken,
    });
    expect(errorCodeOf(tooLong)).toBe('INVALID_REQUEST');
    expect((await eventsAbout(request.id)).map((event) => event.eventType).sort()).toEqual([
      'app-request.comments-updated',
      'app-request.created',
    ]);
  });
});

describe('reading requests', () => {
  const appRequestQuery = /* GraphQL */ `query GetAppRequest($id: ID!) { appRequest(id: $id) { ${requestFields} } }`;

  it("one request is shown to system admins and the team's members, NOT_FOUND to anyone else", async () => {
    const { request } = await pendingRequest();
    for (const persona of [personas.systemAdmin, personas.member, personas.owner, personas.admin]) {
      const response = await graphqlRequest<{ appRequest: AppRequestData }>(testApp, {
        query: appRequestQuery,
        variables: { id: request.id },
        credential: persona.accessToken,
      });
      expect(response.data?.appRequest.id).toBe(request.id);
    }
    for (const id of [request.id, 'nope']) {
      const response = await graphqlRequest(testApp, {
        query: appRequestQuery,
        variables: { id },
        credential: personas.outsider.accessToken,
      });
      expect(errorCodeOf(response)).toBe('NOT_FOUND');
    }
  });

  it("deleting a team keeps its decided requests, with the team's name, and drops its pending ones", async () => {
    const decided = await pendingRequest();
    await closeAs(personas.systemAdmin, reject, decided.request.id, 'Not now');
    const secondApplication = await insertTestApplication(db());
    const pending = await requestAs(
      personas.member,
      requestInput({ appId: secondApplication.id, teamFriendlyId: decided.team.friendlyId }),
    );
    expect(pending.errors).toBeUndefined();
    const deleted = await graphqlRequest(testApp, {
      query: webDocument('DeleteTeam'),
      variables: { teamFriendlyId: decided.team.friendlyId },
      credential: personas.owner.accessToken,
    });
    expect(deleted.errors).toBeUndefined();
    const response = await graphqlRequest<{ appRequest: AppRequestData }>(testApp, {
      query: appRequestQuery,
      variables: { id: decided.request.id },
      credential: personas.systemAdmin.accessToken,
    });
    expect(response.errors).toBeUndefined();
    expect(response.data!.appRequest).toMatchObject({
      status: 'REJECTED',
      teamName: decided.team.name,
      teamFriendlyId: null,
      teamApplicationStatus: null,
      history: [{ action: 'CREATED' }, { action: 'REJECTED', comments: 'Not now' }],
    });
    const pendingLeft = await db()
      .select()
      .from(appRequests)
      .where(eq(appRequests.id, pending.data!.requestApplicationAccess.id));
    expect(pendingLeft).toEqual([]);
  });

  it('system admins list requests filtered by status, team and application, newest first or ordered, page by page', async () => {
    const first = await pendingRequest();
    const second = await pendingRequest();
    const third = await pendingRequest();
    await closeAs(personas.systemAdmin, approve, second.request.id);
    await closeAs(personas.systemAdmin, reject, third.request.id);
    const query = /* GraphQL */ `
      query GetAppRequests($where: AppRequestFilterInput, $order: [AppRequestSortInput!], $first: Int, $after: String) {
        appRequests(where: $where, order: $order, first: $first, after: $after) {
          nodes {
            id
            status
            teamFriendlyId
            history {
              action
            }
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
      appRequests: {
        nodes: { id: string; status: string; teamFriendlyId: string; history: { action: string }[] }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
        totalCount: number;
      };
    };
    const list = (variables: Record<string, unknown>, credential = personas.systemAdmin.accessToken) =>
      graphqlRequest<Data>(testApp, { query, variables, credential });
    const ours = [first, second, third].map((entry) => entry.request.id);
    const mine = { or: [first, second, third].map((entry) => ({ teamFriendlyId: { eq: entry.team.friendlyId } })) };

    const newest = await list({ where: mine });
    expect(newest.errors).toBeUndefined();
    expect(newest.data!.appRequests.nodes.map((node) => node.id)).toEqual([...ours].reverse());
    expect(newest.data!.appRequests.nodes[1]!.history.map((entry) => entry.action)).toEqual(['CREATED', 'APPROVED']);
    const oldest = await list({ where: mine, order: [{ createdAt: 'ASC' }], first: 2 });
    expect(oldest.data!.appRequests.nodes.map((node) => node.id)).toEqual(ours.slice(0, 2));
    const rest = await list({
      where: mine,
      order: [{ createdAt: 'ASC' }],
      first: 2,
      after: oldest.data!.appRequests.pageInfo.endCursor,
    });
    expect(rest.data!.appRequests.nodes.map((node) => node.id)).toEqual(ours.slice(2));

    const pending = await list({ where: { and: [mine, { status: { eq: 'PENDING' } }] } });
    expect(pending.data!.appRequests.nodes.map((node) => node.id)).toEqual([first.request.id]);
    const closed = await list({
      where: { and: [mine, { status: { in: ['APPROVED', 'REJECTED'] } }] },
      order: [{ closedAt: 'ASC' }],
    });
    expect(closed.data!.appRequests.nodes.map((node) => node.id)).toEqual([second.request.id, third.request.id]);
    const openLast = await list({ where: mine, order: [{ closedAt: 'ASC' }], first: 1 });
    const openLastRest = await list({
      where: mine,
      order: [{ closedAt: 'ASC' }],
      after: openLast.data!.appRequests.pageInfo.endCursor,
    });
    expect(
      [...openLast.data!.appRequests.nodes, ...openLastRest.data!.appRequests.nodes].map((node) => node.id),
    ).toEqual([second.request.id, third.request.id, first.request.id]);
    const byApplication = await list({ where: { applicationId: { eq: second.application.id } } });
    expect(byApplication.data!.appRequests).toMatchObject({ nodes: [{ id: second.request.id }], totalCount: 1 });
    const byTeamPart = await list({ where: { teamFriendlyId: { contains: first.team.friendlyId.toUpperCase() } } });
    expect(byTeamPart.data!.appRequests.nodes.map((node) => node.id)).toEqual([first.request.id]);
    expect(errorCodeOf(await list({ where: { applicationId: { in: ['not-an-id'] } } }))).toBe('INVALID_REQUEST');
    expect(errorCodeOf(await list({ where: { or: [{ applicationId: { eq: 'x' } }] } }))).toBe('INVALID_REQUEST');
    expect(errorCodeOf(await list({}, personas.owner.accessToken))).toBe('AUTH_NOT_AUTHORIZED');
  });

  it('the request-access screen gets the profile prefilled, or why a request is not possible', async () => {
    const requester = await signInTestUser(testApp, {
      firstName: 'Grace',
      lastName: 'Hopper',
      primaryPhone: '+1 555 0100',
    });
    const team = await insertTestTeam(db(), { ownerId: personas.owner.user.id, memberIds: [requester.user.id] });
    const [free, granted, pending] = await Promise.all([1, 2, 3].map(() => insertTestApplication(db())));
    await db()
      .update(applications)
      .set({ termsLink: 'https://terms.example.com/', termsDate: new Date('2026-02-01T00:00:00Z') })
      .where(eq(applications.id, free!.id));
    await grantTestApplication(db(), { teamId: team.id, applicationId: granted!.id });
    await requestAs(requester, requestInput({ appId: pending!.id, teamFriendlyId: team.friendlyId }));
    const query = webDocument('GetAppInfoForRequest');

    type Data = { appInfoForRequest: Record<string, unknown> };
    const infoFor = (appId: string, user = requester, teamFriendlyId = team.friendlyId) =>
      graphqlRequest<Data>(testApp, { query, variables: { appId, teamFriendlyId }, credential: user.accessToken });

    expect((await infoFor(free!.id)).data!.appInfoForRequest).toMatchObject({
      errorMessage: null,
      appId: free!.id,
      appName: free!.name,
      teamName: team.name,
      teamFriendlyId: team.friendlyId,
      email: requester.user.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '+1 555 0100',
      termsLink: 'https://terms.example.com/',
      termsDate: '2026-02-01T00:00:00.000Z',
    });
    expect((await infoFor(granted!.id)).data!.appInfoForRequest.errorMessage).toBe(
      `The team ${team.name} already has ${granted!.name}.`,
    );
    expect((await infoFor(pending!.id)).data!.appInfoForRequest.errorMessage).toContain('already waiting for approval');
    const disabledTeam = await insertTestTeam(db(), { ownerId: personas.owner.user.id, enabled: false });
    const disabled = await infoFor(free!.id, personas.systemAdmin, disabledTeam.friendlyId);
    expect(disabled.data!.appInfoForRequest.errorMessage).toContain('is disabled');
    expect(errorCodeOf(await infoFor(free!.id, personas.outsider))).toBe('NOT_FOUND');
    expect(errorCodeOf(await infoFor('00000000-0000-0000-0000-000000000000'))).toBe('NOT_FOUND');
  });
});
