import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotification } from '../../modules/notifications/notifications.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { PreparedRequests } from './prepared-requests.js';

/**
 * A document's second request takes the short way (its compiled operation, without Yoga's pipeline): it must
 * answer exactly what Yoga answered the first, and leave to Yoga whatever Yoga would refuse.
 */

let testApp: TestApp;
let signedIn: SignedInUser;
const run = vi.spyOn(PreparedRequests.prototype, 'run');

/** Whether the last request was answered by the short way. */
const tookShortWay = async () => (await run.mock.results.at(-1)?.value) !== undefined;

beforeAll(async () => {
  testApp = await createTestApp();
  signedIn = await signInTestUser(testApp, { email: 'grace@prepared.example' });
  for (const message of ['Your request for Grafana was approved', 'You are an admin of the ledger guild now']) {
    await createNotification(testApp.database.db, { userId: signedIn.user.id, type: 'AppRequestApproved', message });
  }
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  run.mockClear();
});

const notifications = `query Unread($first: Int, $where: NotificationFilterInput) {
  myNotifications(first: $first, where: $where) { edges { cursor node { id message isRead } } pageInfo { hasNextPage } totalCount }
}`;

describe('a document requested again', () => {
  it.each([
    ['data, through variables', { query: notifications, variables: { first: 1, where: { isRead: { eq: false } } } }],
    [
      'a field error, with its path and location',
      { query: '{\n  teamByFriendlyId(friendlyId: "nowhere") { name }\n}' },
    ],
    [
      'an invalid input, refused by the service',
      { query: 'mutation { addOrUpdateBookmark(input: { name: "", url: "ftp://x" }) { id } }' },
    ],
  ])('answers %s as the first time, by the short way', async (_kind, request) => {
    const first = await graphqlRequest(testApp, { ...request, credential: signedIn.accessToken });
    expect(await tookShortWay()).toBe(false);
    const second = await graphqlRequest(testApp, { ...request, credential: signedIn.accessToken });
    expect(await tookShortWay()).toBe(true);
    expect(second).toEqual(first);
  });

  it('tells a caller without a credential to sign in, as the first time', async () => {
    const query = 'query Me { me { id } }';
    const first = await graphqlRequest(testApp, { query });
    const second = await graphqlRequest(testApp, { query });
    expect(await tookShortWay()).toBe(true);
    expect(errorCodeOf(first)).toBe('AUTH_NOT_AUTHENTICATED');
    expect(second).toEqual(first);
  });

  it('runs a mutation once per request', async () => {
    const query = 'mutation Add($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { name } }';
    const names = ['Status page', 'Runbook', 'Wiki'];
    for (const name of names) {
      const response = await graphqlRequest(testApp, {
        query,
        variables: { input: { name, url: 'https://example.com/' } },
        credential: signedIn.accessToken,
      });
      expect(response.data).toEqual({ addOrUpdateBookmark: { name } });
    }
    expect(await tookShortWay()).toBe(true);
    const bookmarks = await graphqlRequest<{ myBookmarks: { nodes: { name: string }[] } }>(testApp, {
      query: '{ myBookmarks(first: 10) { nodes { name } } }',
      credential: signedIn.accessToken,
    });
    expect(bookmarks.data?.myBookmarks.nodes.map((bookmark) => bookmark.name).sort()).toEqual([...names].sort());
  });
});

describe('a document requested again with what Yoga refuses', () => {
  beforeAll(async () => {
    await graphqlRequest(testApp, { query: notifications, variables: { first: 2 }, credential: signedIn.accessToken });
  });

  it.each([
    ['a variable of the wrong type', { first: 'two' }],
    ['a filter field the schema lacks', { where: { colour: { eq: 'red' } } }],
    ['text PostgreSQL cannot store', { where: { message: { contains: 'a\u0000b' } } }],
  ])('leaves %s to Yoga, which refuses it with INVALID_REQUEST and no data', async (_kind, variables) => {
    const response = await graphqlRequest(testApp, {
      query: notifications,
      variables,
      credential: signedIn.accessToken,
    });
    expect(await tookShortWay()).toBe(false);
    expect(errorCodeOf(response)).toBe('INVALID_REQUEST');
    expect(response.data).toBeUndefined();
  });

  it('leaves a parameter GraphQL over HTTP does not define to Yoga', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.accessToken}` },
      payload: JSON.stringify({ query: notifications, variables: { first: 2 }, documentId: 'abc' }),
    });
    expect(await tookShortWay()).toBe(false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [expect.objectContaining({ extensions: { code: 'INVALID_REQUEST' } })] });
  });

  it('never takes a document that failed validation the short way', async () => {
    const query = '{ me { id colour } }';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await graphqlRequest(testApp, { query, credential: signedIn.accessToken });
      expect(await tookShortWay()).toBe(false);
      expect(errorCodeOf(response)).toBe('INVALID_REQUEST');
    }
  });
});

describe('a limit that must hold on every request', () => {
  let limitedApp: TestApp;
  beforeAll(async () => {
    limitedApp = await createTestApp({ MUTATION_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limitedApp.close();
  });

  it('API4:2023 – counts repeat mutations on the fast path: the fourth in a minute is RATE_LIMITED with 429', async () => {
    const person = await signInTestUser(limitedApp);
    const request = {
      query: 'mutation Add($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }',
      variables: { input: { name: 'Limited', url: 'https://limited.example/' } },
      credential: person.accessToken,
    };
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      answers.push(await graphqlRequest(limitedApp, request));
      expect(await tookShortWay()).toBe(attempt > 0);
    }
    expect(answers.map((answer) => errorCodeOf(answer) ?? 'allowed')).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'RATE_LIMITED',
    ]);
    expect(answers.at(-1)?.status).toBe(429);
  });
});
