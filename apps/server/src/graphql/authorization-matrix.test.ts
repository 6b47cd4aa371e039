import { isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../errors.js';
import { createNotification } from '../modules/notifications/notifications.service.js';
import { eventLogs } from '../db/schema/events.js';
import { storeWebhookDelivery } from '../modules/webhooks/webhooks.service.js';
import { insertTestUser } from '../test/users.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestServiceKey, graphqlRequest, signInTestUser } from '../test/graphql.js';
import { schema } from './schema.js';

/**
 * DESIGN.md §7: every GraphQL operation × persona → allowed, or denied with a code. A new Query or
 * Mutation field fails the completeness test below until it has a row here.
 */
const personas = ['anonymous', 'outsider', 'member', 'admin', 'owner', 'systemAdmin', 'serviceKey'] as const;
type Persona = (typeof personas)[number];
type Expectation = 'allow' | ErrorCode;

interface PersonaSession {
  credential: string | undefined;
  userId: string | undefined;
  /** A notification addressed to this persona's user. */
  notificationId: string;
}

interface MatrixRow {
  /** `Query.<field>` or `Mutation.<field>`. */
  operation: string;
  document: string;
  variables?: (session: PersonaSession) => Record<string, unknown>;
  expected: Record<Persona, Expectation>;
}

const anySignedInCaller: Record<Persona, Expectation> = {
  anonymous: 'AUTH_NOT_AUTHENTICATED',
  outsider: 'allow',
  member: 'allow',
  admin: 'allow',
  owner: 'allow',
  systemAdmin: 'allow',
  serviceKey: 'allow',
};

const systemAdminOnly: Record<Persona, Expectation> = {
  anonymous: 'AUTH_NOT_AUTHENTICATED',
  outsider: 'AUTH_NOT_AUTHORIZED',
  member: 'AUTH_NOT_AUTHORIZED',
  admin: 'AUTH_NOT_AUTHORIZED',
  owner: 'AUTH_NOT_AUTHORIZED',
  systemAdmin: 'allow',
  serviceKey: 'AUTH_NOT_AUTHORIZED',
};

/** Rows that administrators read or change, created in `beforeAll`. */
const administrationFixtures = { userId: '', eventLogId: '', webhookLogId: '' };

const matrix: MatrixRow[] = [
  { operation: 'Query.me', document: 'query GetMe { me { id } }', expected: anySignedInCaller },
  {
    operation: 'Query.myNotifications',
    document: 'query GetMyNotifications { myNotifications(first: 3) { totalCount } }',
    expected: anySignedInCaller,
  },
  {
    operation: 'Mutation.markNotificationRead',
    document: 'mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { id } }',
    variables: (session) => ({ id: session.notificationId }),
    expected: anySignedInCaller,
  },
  {
    operation: 'Mutation.markAllNotificationsRead',
    document: 'mutation MarkAllNotificationsRead { markAllNotificationsRead }',
    expected: anySignedInCaller,
  },
  { operation: 'Query.allUsers', document: 'query GetAllUsers { allUsers(search: "a", first: 5) { totalCount } }', expected: systemAdminOnly },
  {
    operation: 'Query.userById',
    document: 'query GetUserById($userId: ID!) { userById(userId: $userId) { id } }',
    variables: () => ({ userId: administrationFixtures.userId }),
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.updateUser',
    document: 'mutation UpdateUser($userInput: UpdateUserInput!) { updateUser(userInput: $userInput) { id } }',
    variables: () => ({ userInput: { id: administrationFixtures.userId, firstName: 'Matrix' } }),
    expected: systemAdminOnly,
  },
  { operation: 'Query.eventLogs', document: 'query GetEventLogs { eventLogs(first: 5) { totalCount } }', expected: systemAdminOnly },
  {
    operation: 'Query.eventDetail',
    document: 'query GetEventDetail($id: ID!) { eventDetail(id: $id) { id payload } }',
    variables: () => ({ id: administrationFixtures.eventLogId }),
    expected: systemAdminOnly,
  },
  { operation: 'Query.webhookLogs', document: 'query GetWebhookLogs { webhookLogs(first: 5) { totalCount } }', expected: systemAdminOnly },
  {
    operation: 'Query.webhookLog',
    document: 'query GetWebhookLog($id: ID!) { webhookLog(id: $id) { id payload } }',
    variables: () => ({ id: administrationFixtures.webhookLogId }),
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.replayWebhookLog',
    document: 'mutation ReplayWebhookLog($id: ID!) { replayWebhookLog(id: $id) { processed } }',
    variables: () => ({ id: administrationFixtures.webhookLogId }),
    expected: systemAdminOnly,
  },
  { operation: 'Query.myBilling', document: 'query GetMyBilling { myBilling { id } }', expected: anySignedInCaller },
  {
    operation: 'Query.myInvoices',
    document: 'query GetMyInvoices($date: Date) { myInvoices(date: $date, first: 5) { totalCount } }',
    variables: () => ({ date: '2026-01-01' }),
    expected: anySignedInCaller,
  },
];

let testApp: TestApp;
const sessions = new Map<Persona, PersonaSession>();

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp.database;
  administrationFixtures.userId = (await insertTestUser(db)).id;
  administrationFixtures.eventLogId = (await db.insert(eventLogs).values({ eventType: 'matrix.event' }).returning())[0]!.id;
  const { log } = await storeWebhookDelivery(db, {
    webhookId: 'msg_matrix',
    envelope: { type: 'matrix.unhandled', timestamp: new Date().toISOString(), data: {} },
  });
  administrationFixtures.webhookLogId = log.id;
  const notificationFor = async (userId: string) =>
    (await createNotification(db, { userId, type: 'TeamInvite', message: 'Matrix notification' })).id;
  for (const persona of personas) {
    if (persona === 'anonymous') {
      const stranger = await signInTestUser(testApp);
      sessions.set(persona, { credential: undefined, userId: undefined, notificationId: await notificationFor(stranger.user.id) });
      continue;
    }
    const { user, accessToken } = await signInTestUser(testApp, { isSystemAdmin: persona === 'systemAdmin' });
    const credential = persona === 'serviceKey' ? await createTestServiceKey(testApp, user) : accessToken;
    sessions.set(persona, { credential, userId: user.id, notificationId: await notificationFor(user.id) });
  }
});
afterAll(async () => {
  await testApp.close();
});

describe('authorization matrix', () => {
  const cases = matrix.flatMap((row) => personas.map((persona) => ({ row, persona, expected: row.expected[persona] })));

  it.each(cases)('$row.operation as $persona → $expected', async ({ row, persona, expected }) => {
    const session = sessions.get(persona)!;
    const response = await graphqlRequest(testApp, {
      query: row.document,
      variables: row.variables?.(session),
      credential: session.credential,
    });
    if (expected === 'allow') {
      expect(response.errors).toBeUndefined();
      expect(response.data).toBeTruthy();
    } else {
      expect(response.errors?.map((error) => error.extensions?.code)).toContain(expected);
    }
  });

  it('has a row for every Query and Mutation field, and none for a field that does not exist', () => {
    const operations = (['Query', 'Mutation'] as const).flatMap((typeName) => {
      const type = schema.getType(typeName);
      return type && isObjectType(type) ? Object.keys(type.getFields()).map((field) => `${typeName}.${field}`) : [];
    });
    const covered = matrix.map((row) => row.operation);
    expect(operations.filter((operation) => !covered.includes(operation)), 'operations without a matrix row').toEqual([]);
    expect(covered.filter((operation) => !operations.includes(operation)), 'rows for unknown operations').toEqual([]);
  });
});
