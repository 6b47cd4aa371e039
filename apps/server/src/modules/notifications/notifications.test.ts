import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { createNotification } from './notifications.service.js';

let testApp: TestApp;
let reader: SignedInUser;
let otherReader: SignedInUser;

const flyoutQuery = /* GraphQL */ `
  query GetMyNotifications($first: Int, $after: String, $where: NotificationFilterInput, $order: [NotificationSortInput!]) {
    myNotifications(first: $first, after: $after, where: $where, order: $order) {
      edges { cursor node { id type message isRead createdAt externalId } }
      nodes { id }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      totalCount
    }
  }
`;

interface NotificationsData {
  myNotifications: {
    edges: { cursor: string; node: { id: string; message: string; isRead: boolean; createdAt: string; externalId: string | null } }[];
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
    expect(connection.edges[0]!.node).toMatchObject({ isRead: false, externalId: 'invite-4', createdAt: '2026-01-04T00:00:00.000Z' });
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
      [...firstPage.data!.myNotifications.edges, ...secondPage.data!.myNotifications.edges].map((edge) => edge.node.message),
    ).toEqual(['Invite 1', 'Invite 2', 'Invite 3', 'Invite 4']);
    expect(secondPage.data!.myNotifications.pageInfo.hasPreviousPage).toBe(true);
  });

  it('answers a tampered cursor and an oversized page with INVALID_REQUEST', async () => {
    for (const variables of [{ first: 2, after: 'tampered' }, { first: 1000 }]) {
      const response = await graphqlRequest(testApp, { query: flyoutQuery, variables, credential: reader.accessToken });
      expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    }
  });
});

describe('markNotificationRead', () => {
  const markRead = /* GraphQL */ `mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { id isRead } }`;

  it('marks the reader’s notification read and logs the event in the same transaction', async () => {
    const [unread] = await testApp.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, reader.user.id), eq(notifications.message, 'Invite 1')));
    const response = await graphqlRequest(testApp, { query: markRead, variables: { id: unread!.id }, credential: reader.accessToken });
    expect(response.data).toEqual({ markNotificationRead: { id: unread!.id, isRead: true } });
    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.userId, reader.user.id), eq(eventLogs.eventType, 'notification.read')));
    expect(events.map((event) => event.payload)).toEqual([{ notificationId: unread!.id }]);
  });

  it('answers NOT_FOUND for someone else’s notification or a malformed id, changing nothing', async () => {
    const [theirs] = await testApp.database.db.select().from(notifications).where(eq(notifications.userId, otherReader.user.id));
    for (const id of [theirs!.id, 'not-a-uuid']) {
      const response = await graphqlRequest(testApp, { query: markRead, variables: { id }, credential: reader.accessToken });
      expect(response.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const [unchanged] = await testApp.database.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(unchanged!.isRead).toBe(false);
  });
});

describe('markAllNotificationsRead', () => {
  it('marks every unread notification of the reader and returns how many', async () => {
    const mutation = /* GraphQL */ `mutation MarkAllNotificationsRead { markAllNotificationsRead }`;
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
    const [othersUnread] = await testApp.database.db.select().from(notifications).where(eq(notifications.userId, otherReader.user.id));
    expect(othersUnread!.isRead).toBe(false);
  });
});
