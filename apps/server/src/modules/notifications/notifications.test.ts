import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { teamInvites, teams } from '../../db/schema/teams.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { recordStatements } from '../../test/statements.js';
import { insertTestApplication } from '../../test/applications.js';
import { insertTestTeam } from '../../test/teams.js';
import { users } from '../../db/schema/users.js';
import { signInBuiltInTestUser } from '../../test/built-in-sign-in.js';
import { webDocument, webDocumentSelecting } from '../../test/web-documents.js';
import { createNotification, listNotifications } from './notifications.service.js';

let testApp: TestApp;
let reader: SignedInUser;
let otherReader: SignedInUser;

// The bell's own query, also reading the page's nodes and its backward paging, which the flyout does not show.
const flyoutQuery = webDocumentSelecting('GetMyNotifications', {
  pageInfo: 'nodes { id }',
  endCursor: 'hasPreviousPage startCursor',
});

interface NotificationsData {
  myNotifications: {
    edges: {
      cursor: string;
      node: { id: string; message: string; isRead: boolean; createdAt: string; externalId: string | null };
    }[];
    nodes: { id: string }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    totalCount: number;
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  reader = await signInTestUser(testApp);
  otherReader = await signInTestUser(testApp);
  const { db } = testApp.database;
  for (let index = 1; index <= 5; index++) {
    const notification = await createNotification(db, {
      userId: reader.user.id,
      type: 'TeamInvite',
      message: `Invite ${index}`,
      externalId: `invite-${index}`,
    });
    await db
      .update(notifications)
      .set({ createdAt: new Date(Date.UTC(2026, 0, index)), isRead: index === 5 })
      .where(eq(notifications.id, notification.id));
  }
  await createNotification(db, { userId: otherReader.user.id, type: 'TeamInvite', message: 'Not for the reader' });
});
afterAll(async () => {
  await testApp.close();
});

describe('myNotifications', () => {
  it('gives the flyout the newest unread notifications of the signed-in user only', async () => {
    const response = await graphqlRequest<NotificationsData>(testApp, {
      query: flyoutQuery,
      variables: { first: 3, where: { isRead: { eq: false } } },
      credential: reader.accessToken,
    });
    expect(response.errors).toBeUndefined();
    const connection = response.data!.myNotifications;
    expect(connection.edges.map((edge) => edge.node.message)).toEqual(['Invite 4', 'Invite 3', 'Invite 2']);
    expect(connection.nodes.map((node) => node.id)).toEqual(connection.edges.map((edge) => edge.node.id));
    expect(connection.totalCount).toBe(4);
    expect(connection.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(connection.edges[0]!.node).toMatchObject({
      isRead: false,
      externalId: 'invite-4',
      createdAt: '2026-01-04T00:00:00.000Z',
    });
  });

  it('pages on with the end cursor and sorts oldest first on request', async () => {
    const firstPage = await graphqlRequest<NotificationsData>(testApp, {
      query: flyoutQuery,
      variables: { first: 2, order: [{ createdAt: 'ASC' }] },
      credential: reader.accessToken,
    });
    const secondPage = await graphqlRequest<NotificationsData>(testApp, {
      query: flyoutQuery,
      variables: { first: 2, order: [{ createdAt: 'ASC' }], after: firstPage.data!.myNotifications.pageInfo.endCursor },
      credential: reader.accessToken,
    });
    expect(
      [...firstPage.data!.myNotifications.edges, ...secondPage.data!.myNotifications.edges].map(
        (edge) => edge.node.message,
      ),
    ).toEqual(['Invite 1', 'Invite 2', 'Invite 3', 'Invite 4']);
    expect(secondPage.data!.myNotifications.pageInfo.hasPreviousPage).toBe(true);
  });

  it('reads the page and its total in one statement, and the page alone when the total is not asked for', async () => {
    const notificationStatements = async (query: string, variables: Record<string, unknown>) => {
      const statements = await recordStatements(testApp.database.db, async () => {
        const response = await graphqlRequest<NotificationsData>(testApp, {
          query,
          variables,
          credential: reader.accessToken,
        });
        expect(response.errors).toBeUndefined();
      });
      return statements.filter((statement) => /from "notifications"/.test(statement));
    };
    const withTotal = await notificationStatements(flyoutQuery, { first: 3, where: { isRead: { eq: false } } });
    expect(withTotal).toHaveLength(1);
    expect(withTotal[0]).toMatch(/count\(\*\)/);
    const pageOnly = await notificationStatements(flyoutQuery.replace('totalCount', ''), { first: 3 });
    expect(pageOnly).toHaveLength(1);
    expect(pageOnly[0]).not.toMatch(/count\(\*\)/);
  });

  it('still counts an empty page after the last cursor, in a second statement', async () => {
    const lastPage = await graphqlRequest<NotificationsData>(testApp, {
      query: flyoutQuery,
      variables: { first: 5 },
      credential: reader.accessToken,
    });
    const afterLast = await graphqlRequest<NotificationsData>(testApp, {
      query: flyoutQuery,
      variables: { first: 5, after: lastPage.data!.myNotifications.pageInfo.endCursor },
      credential: reader.accessToken,
    });
    expect(afterLast.data!.myNotifications.edges).toEqual([]);
    expect(afterLast.data!.myNotifications.totalCount).toBe(5);
  });

  it('answers a tampered cursor and an oversized page with INVALID_REQUEST', async () => {
    for (const variables of [{ first: 2, after: 'tampered' }, { first: 1000 }]) {
      const response = await graphqlRequest(testApp, { query: flyoutQuery, variables, credential: reader.accessToken });
      expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    }
  });
});

describe('markNotificationRead', () => {
  const markRead = /* GraphQL */ `
    mutation MarkNotificationRead($id: ID!) {
      markNotificationRead(id: $id) {
        id
        isRead
      }
    }
  `;

  it('marks the reader’s notification read and logs the event in the same transaction', async () => {
    const [unread] = await testApp.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, reader.user.id), eq(notifications.message, 'Invite 1')));
    const response = await graphqlRequest(testApp, {
      query: markRead,
      variables: { id: unread!.id },
      credential: reader.accessToken,
    });
    expect(response.data).toEqual({ markNotificationRead: { id: unread!.id, isRead: true } });
    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.userId, reader.user.id), eq(eventLogs.eventType, 'notification.read')));
    expect(events.map((event) => event.payload)).toEqual([{ notificationId: unread!.id }]);
  });

  it('answers NOT_FOUND for someone else’s notification or a malformed id, changing nothing', async () => {
    const [theirs] = await testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, otherReader.user.id));
    for (const id of [theirs!.id, 'not-a-uuid']) {
      const response = await graphqlRequest(testApp, {
        query: markRead,
        variables: { id },
        credential: reader.accessToken,
      });
      expect(response.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const [unchanged] = await testApp.database.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(unchanged!.isRead).toBe(false);
  });
});

describe('markAllNotificationsRead', () => {
  it('marks every unread notification of the reader and returns how many', async () => {
    const mutation = /* GraphQL */ `
      mutation MarkAllNotificationsRead {
        markAllNotificationsRead
      }
    `;
    const unreadBefore = await testApp.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, reader.user.id), eq(notifications.isRead, false)));
    const response = await graphqlRequest(testApp, { query: mutation, credential: reader.accessToken });
    expect(response.data).toEqual({ markAllNotificationsRead: unreadBefore.length });
    const again = await graphqlRequest(testApp, { query: mutation, credential: reader.accessToken });
    expect(again.data).toEqual({ markAllNotificationsRead: 0 });
    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.userId, reader.user.id), eq(eventLogs.eventType, 'notification.all-read')))
      .orderBy(eventLogs.date);
    expect(events.map((event) => event.payload)).toEqual([{ count: unreadBefore.length }, { count: 0 }]);
    const [othersUnread] = await testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, otherReader.user.id));
    expect(othersUnread!.isRead).toBe(false);
  });
});

describe('team invites waiting for an answer', () => {
  const markRead = /* GraphQL */ `
    mutation MarkNotificationRead($id: ID!) {
      markNotificationRead(id: $id) {
        id
        isRead
      }
    }
  `;
  const markAllRead = /* GraphQL */ `
    mutation MarkAllNotificationsRead {
      markAllNotificationsRead
    }
  `;
  // The web's CreateInvite, also reading the invite it makes.
  const createInvite = webDocumentSelecting('CreateInvite', { error: 'invite { id }' });
  const inviteAnswers = {
    declineInvite: /* GraphQL */ `
      mutation DeclineInvite($inviteId: ID!) {
        declineInvite(inviteId: $inviteId)
      }
    `,
    deleteInvite: /* GraphQL */ `
      mutation DeleteInvite($inviteId: ID!) {
        deleteInvite(inviteId: $inviteId)
      }
    `,
    resendInvite: /* GraphQL */ `
      mutation ResendInvite($inviteId: ID!) {
        resendInvite(inviteId: $inviteId) {
          id
        }
      }
    `,
  };

  let inviter: SignedInUser;
  beforeAll(async () => {
    inviter = await signInTestUser(testApp);
  });

  /** A new team of the inviter that invites `invitee` through the API; returns the invite's id. */
  async function inviteFromNewTeam(invitee: SignedInUser): Promise<{ inviteId: string; teamId: string }> {
    const team = await insertTestTeam(testApp.database.db, { ownerId: inviter.user.id });
    const response = await graphqlRequest<{ createInvite: { results: { invite: { id: string } }[] } }>(testApp, {
      query: createInvite,
      variables: { input: { teamFriendlyId: team.friendlyId, emails: [invitee.user.email], teamRole: 'TeamMember' } },
      credential: inviter.accessToken,
    });
    return { inviteId: response.data!.createInvite.results[0]!.invite.id, teamId: team.id };
  }

  async function send(document: string, user: SignedInUser, variables?: Record<string, unknown>) {
    return graphqlRequest<Record<string, unknown>>(testApp, {
      query: document,
      variables,
      credential: user.accessToken,
    });
  }

  /** What the bell's flyout asks for: the user's unread notifications, as type and external id. */
  async function unreadOf(user: SignedInUser) {
    const response = await graphqlRequest<NotificationsData>(testApp, {
      query: flyoutQuery,
      variables: { first: 3, where: { isRead: { eq: false } } },
      credential: user.accessToken,
    });
    return response.data!.myNotifications.edges.map((edge) => edge.node.externalId);
  }

  async function noticesAbout(inviteId: string) {
    return testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.externalId, inviteId))
      .orderBy(notifications.createdAt);
  }

  it('Mark all read leaves an invite that can still be answered unread; answering it reads it', async () => {
    const invitee = await signInTestUser(testApp);
    const open = await inviteFromNewTeam(invitee);
    const expired = await inviteFromNewTeam(invitee);
    await testApp.database.db
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.id, expired.inviteId));
    const fromDisabledTeam = await inviteFromNewTeam(invitee);
    await testApp.database.db.update(teams).set({ enabled: false }).where(eq(teams.id, fromDisabledTeam.teamId));
    await createNotification(testApp.database.db, {
      userId: invitee.user.id,
      type: 'TeamRoleChanged',
      message: 'You are now an admin',
    });

    const marked = await send(markAllRead, invitee);
    // The role change, the expired invite and the disabled team's invite: none can be answered.
    expect(marked.data).toEqual({ markAllNotificationsRead: 3 });
    expect(await unreadOf(invitee)).toEqual([open.inviteId]);

    const [openNotice] = await noticesAbout(open.inviteId);
    const refused = await send(markRead, invitee, { id: openNotice!.id });
    expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');
    expect(refused.errors?.[0]?.message).toBe(
      'Accept or decline this invite; its notification stays unread until you answer it.',
    );
    expect(await unreadOf(invitee)).toEqual([open.inviteId]);
    const readEvents = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.userId, invitee.user.id), eq(eventLogs.eventType, 'notification.read')));
    expect(readEvents).toEqual([]);

    expect((await send(inviteAnswers.declineInvite, invitee, { inviteId: open.inviteId })).data).toEqual({
      declineInvite: true,
    });
    expect(await unreadOf(invitee)).toEqual([]);
    expect((await send(markRead, invitee, { id: openNotice!.id })).data).toEqual({
      markNotificationRead: { id: openNotice!.id, isRead: true },
    });
  });

  it('a withdrawn invite is read at once; a resent one leaves one unread notification, the newest', async () => {
    const invitee = await signInTestUser(testApp);
    const withdrawn = await inviteFromNewTeam(invitee);
    const resent = await inviteFromNewTeam(invitee);
    expect(await unreadOf(invitee)).toEqual([resent.inviteId, withdrawn.inviteId]);

    expect((await send(inviteAnswers.deleteInvite, inviter, { inviteId: withdrawn.inviteId })).data).toEqual({
      deleteInvite: true,
    });
    expect((await send(inviteAnswers.resendInvite, inviter, { inviteId: resent.inviteId })).errors).toBeUndefined();
    expect(await unreadOf(invitee)).toEqual([resent.inviteId]);
    expect((await noticesAbout(withdrawn.inviteId)).map((notice) => notice.isRead)).toEqual([true]);
    expect((await noticesAbout(resent.inviteId)).map((notice) => notice.isRead)).toEqual([true, false]);
    // The withdrawn invite's notification can no longer be answered, so it may be marked read by hand too.
    const [withdrawnNotice] = await noticesAbout(withdrawn.inviteId);
    expect((await send(markRead, invitee, { id: withdrawnNotice!.id })).errors).toBeUndefined();
  });

  it('a system administrator may still answer an invite from a disabled team, so it stays unread for them', async () => {
    const administrator = await signInTestUser(testApp, { isSystemAdmin: true });
    const invite = await inviteFromNewTeam(administrator);
    await testApp.database.db.update(teams).set({ enabled: false }).where(eq(teams.id, invite.teamId));
    expect((await send(markAllRead, administrator)).data).toEqual({ markAllNotificationsRead: 0 });
    expect(await unreadOf(administrator)).toEqual([invite.inviteId]);
  });
});

describe('actorName', () => {
  const markRead = /* GraphQL */ `
    mutation MarkNotificationRead($id: ID!) {
      markNotificationRead(id: $id) {
        id
        actorName
      }
    }
  `;

  /** Sends the web client's own `operationName` as `signedIn`, through the API as the page does; returns its data. */
  async function sendAs(signedIn: SignedInUser, operationName: string, variables: Record<string, unknown>) {
    const response = await graphqlRequest(testApp, {
      query: webDocument(operationName),
      variables,
      credential: signedIn.accessToken,
    });
    expect(response.errors).toBeUndefined();
    return response.data as Record<string, { id: string }>;
  }

  /** Who each of the person's notifications of `type` names, newest first. */
  async function actorsOf(user: SignedInUser, type: string): Promise<(string | null)[]> {
    const page = await listNotifications(testApp.database.db, {
      userId: user.user.id,
      where: { type: { eq: type } },
      page: { first: 50 },
    });
    return page.edges.map(({ node }) => node.actorName);
  }

  it('names who invited, by email when they have no name, and who declined', async () => {
    const { db } = testApp.database;
    const invitee = await signInTestUser(testApp, { firstName: 'Ada', lastName: 'Lovelace' });
    const named = await signInTestUser(testApp, { firstName: 'Grace', lastName: 'Hopper' });
    const unnamed = await signInTestUser(testApp, { firstName: '', lastName: '' });
    const team = await insertTestTeam(db, { ownerId: named.user.id });
    const otherTeam = await insertTestTeam(db, { ownerId: unnamed.user.id });
    for (const [sender, invitingTeam] of [
      [named, team],
      [unnamed, otherTeam],
    ] as const) {
      const input = { teamFriendlyId: invitingTeam.friendlyId, emails: [invitee.user.email], teamRole: 'TeamMember' };
      await sendAs(sender, 'CreateInvite', { input });
    }
    expect(await actorsOf(invitee, 'TeamInvite')).toEqual([unnamed.user.email, 'Grace Hopper']);

    const [invite] = await db.select().from(teamInvites).where(eq(teamInvites.teamId, team.id));
    await sendAs(invitee, 'DeclineInvite', { inviteId: invite!.id });
    expect(await actorsOf(named, 'TeamInviteDeclined')).toEqual(['Ada Lovelace']);
  });

  it("names who changed a member's role, made them owner, removed them, and shows a rename", async () => {
    const { db } = testApp.database;
    const owner = await signInTestUser(testApp, { firstName: 'Grace', lastName: 'Hopper' });
    const member = await signInTestUser(testApp, { firstName: 'Mary', lastName: 'Jackson' });
    const admin = await signInTestUser(testApp);
    const team = await insertTestTeam(db, {
      ownerId: owner.user.id,
      adminIds: [admin.user.id],
      memberIds: [member.user.id],
    });
    const teamFriendlyId = team.friendlyId;

    await sendAs(owner, 'UpdateMemberRole', {
      memberInput: { teamFriendlyId, userId: member.user.id, role: 'TeamAdmin' },
    });
    expect(await actorsOf(member, 'TeamRoleChanged')).toEqual(['Grace Hopper']);
    await sendAs(owner, 'TransferTeamOwnership', { teamFriendlyId, targetUserId: member.user.id });
    expect(await actorsOf(member, 'TeamOwnershipTransferred')).toEqual(['Grace Hopper']);
    await sendAs(member, 'RemoveTeamMember', { teamFriendlyId, memberId: admin.user.id });
    expect(await actorsOf(admin, 'TeamMemberRemoved')).toEqual(['Mary Jackson']);

    // A system administrator may change any team; a nameless one's address is not the member's to see.
    const administrator = await signInTestUser(testApp, { firstName: '', lastName: '', isSystemAdmin: true });
    await sendAs(administrator, 'UpdateMemberRole', {
      memberInput: { teamFriendlyId, userId: owner.user.id, role: 'TeamMember' },
    });
    expect(await actorsOf(owner, 'TeamRoleChanged')).toEqual([null]);

    // The name is the actor's as it is now, not as it was when the notification was written.
    await db.update(users).set({ lastName: 'Hopper-Murray' }).where(eq(users.id, owner.user.id));
    expect(await actorsOf(member, 'TeamRoleChanged')).toEqual(['Grace Hopper-Murray']);
  });

  it("names a request's requester to the administrators, and its decider by name only to the requester", async () => {
    const { db } = testApp.database;
    const requester = await signInTestUser(testApp, { firstName: 'Ada', lastName: 'Lovelace' });
    const admin = await signInTestUser(testApp, { firstName: 'Alan', lastName: 'Turing', isSystemAdmin: true });
    const unnamedAdmin = await signInTestUser(testApp, { firstName: '', lastName: '', isSystemAdmin: true });
    const team = await insertTestTeam(db, { ownerId: requester.user.id });
    const ask = async () => {
      const application = await insertTestApplication(db);
      const requestAccessInput = {
        appId: application.id,
        teamFriendlyId: team.friendlyId,
        contactEmail: requester.user.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        acceptTerms: true,
      };
      return (await sendAs(requester, 'RequestApplicationAccess', { requestAccessInput })).requestApplicationAccess!;
    };
    const approved = await ask();
    const rejected = await ask();
    expect(await actorsOf(admin, 'AppRequestCreated')).toEqual(['Ada Lovelace', 'Ada Lovelace']);

    await sendAs(admin, 'ApproveAppRequest', { requestId: approved.id });
    await sendAs(unnamedAdmin, 'RejectAppRequest', { requestId: rejected.id });
    expect(await actorsOf(requester, 'AppRequestApproved')).toEqual(['Alan Turing']);
    // The requester is not told a nameless administrator's address.
    expect(await actorsOf(requester, 'AppRequestRejected')).toEqual([null]);
  });

  it("names a contact message's visitor by the name they gave", async () => {
    const admin = await signInTestUser(testApp, { isSystemAdmin: true });
    const input = { name: 'Visiting Vera', email: 'vera@example.test', subject: 'Hello', message: 'A question.' };
    const response = await graphqlRequest(testApp, {
      query: 'mutation ContactUs($input: ContactUsInput!) { contactUs(input: $input) }',
      variables: { input },
    });
    expect(response.errors).toBeUndefined();
    expect((await actorsOf(admin, 'ContactMessage'))[0]).toBe('Visiting Vera');
  });

  it('names the administrator who reset the second factors, and no one for what the person did themselves', async () => {
    const admin = await signInTestUser(testApp, { firstName: 'Alan', lastName: 'Turing', isSystemAdmin: true });
    const person = await signInBuiltInTestUser(testApp, 'a lost phone passphrase');
    await createNotification(testApp.database.db, {
      userId: person.user.id,
      type: 'AccountSecurity',
      message: 'A new sign-in to your account.',
    });
    const response = await graphqlRequest(testApp, {
      query: 'mutation ($id: ID!) { resetSecondFactors(userId: $id) { managedHere } }',
      variables: { id: person.user.id },
      credential: admin.accessToken,
    });
    expect(response.errors).toBeUndefined();
    expect(await actorsOf(person, 'AccountSecurity')).toEqual(['Alan Turing', null]);
  });

  it('gives the actor with the notification marked read too, and none once the actor is deleted', async () => {
    const { db } = testApp.database;
    const recipient = await signInTestUser(testApp);
    const sender = await signInTestUser(testApp, { firstName: 'Katherine', lastName: 'Johnson' });
    const notification = await createNotification(db, {
      userId: recipient.user.id,
      type: 'TeamRoleChanged',
      message: 'Your role in the team is now admin.',
      actor: { userId: sender.user.id },
    });
    const response = await graphqlRequest(testApp, {
      query: markRead,
      variables: { id: notification.id },
      credential: recipient.accessToken,
    });
    expect(response.data).toEqual({ markNotificationRead: { id: notification.id, actorName: 'Katherine Johnson' } });

    await db.delete(users).where(eq(users.id, sender.user.id));
    expect(await actorsOf(recipient, 'TeamRoleChanged')).toEqual([null]);
  });
});
