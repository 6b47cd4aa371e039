import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestServiceKey, graphqlRequest, signInTestUser } from '../test/graphql.js';

/**
 * GraphQL over HTTP, proven with a suite nobody on this project wrote: graphql-http's server audits run against the
 * real server with trusted documents enforced, as a service key (the audits send their own documents).
 */

let testApp: TestApp;
let serviceKey: string;
let accessToken: string;

beforeAll(async () => {
  testApp = await createTestApp({ GRAPHQL_TRUSTED_DOCUMENTS: 'enforce' });
  const signedIn = await signInTestUser(testApp);
  accessToken = signedIn.accessToken;
  serviceKey = await createTestServiceKey(testApp, signedIn.user);
});
afterAll(async () => {
  await testApp.close();
});

/** `fetch` answered by the app itself (`inject`), with the service key. */
const injectingFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  const request = new Request(input, init);
  const headers = Object.fromEntries(request.headers);
  const response = await testApp.app.inject({
    method: request.method as 'GET' | 'POST',
    url: new URL(request.url).pathname + new URL(request.url).search,
    headers: { ...headers, authorization: `Bearer ${serviceKey}` },
    ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { payload: await request.text() }),
  });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers: answerHeaders });
};

describe('the graphql-http server audits', () => {
  it('pass with no MUST or SHOULD failing', async () => {
    const audits = serverAudits({ url: 'http://localhost/graphql', fetchFn: injectingFetch });
    const results = await Promise.all(audits.map((audit) => audit.fn()));
    const failures = results
      .filter((result) => result.status !== 'ok' && !result.name.startsWith('MAY'))
      .map((result) => `${result.id} ${result.name}: ${result.status === 'ok' ? '' : result.reason}`);
    console.info(`graphql-http audits: ${results.length} run, ${failures.length} MUST or SHOULD failing`, failures);
    expect(failures).toEqual([]);
    expect(results.length).toBeGreaterThan(40);
  });
});

const notifications =
  'query Unread($first: Int, $where: NotificationFilterInput) { myNotifications(first: $first, where: $where) { totalCount } }';
const aliases = Array.from({ length: 16 }, (_, index) => `a${index}: me { id }`).join(' ');
const deep = `{ me ${'{ a '.repeat(13)}${'}'.repeat(13)} }`;
const costly = `{ ${Array.from({ length: 4 }, (_, index) => `p${index}: myNotifications(first: 100) { nodes { id message isRead createdAt type } }`).join(' ')} }`;

describe('every request error is a 4xx under application/graphql-response+json', () => {
  beforeAll(async () => {
    // Run once, so its repeat requests take the fast path.
    const first = await graphqlRequest(testApp, {
      query: notifications,
      variables: { first: 1 },
      credential: serviceKey,
    });
    expect(first.errors).toBeUndefined();
  });

  it.each([
    ['the cost limit', { query: costly }, /^Query Cost limit of 5000 exceeded/],
    ['the alias limit', { query: `{ ${aliases} }` }, /^Aliases limit of 15 exceeded/],
    ['the depth limit', { query: deep }, /depth limit of 12 exceeded/i],
    ['a parse error', { query: '{ me { id }' }, /^Syntax Error: Expected Name/],
    ['a validation error', { query: '{ me { colour } }' }, /Cannot query field "colour"/],
    ['an unknown operation', { query: notifications, operationName: 'Other' }, /operation/i],
    [
      'a NUL in a variable (fast path declines)',
      { query: notifications, variables: { where: { message: { contains: 'a\u0000' } } } },
      /NUL/,
    ],
    [
      'a variable of the wrong type (fast path declines)',
      { query: notifications, variables: { first: 'one' } },
      /first/,
    ],
  ])('%s: 400, no data, INVALID_REQUEST, a message saying what', async (_name, request, message) => {
    for (const credential of [serviceKey, accessToken]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json',
          authorization: `Bearer ${credential}`,
        },
        payload: JSON.stringify(request),
      });
      const body = response.json<{ data?: unknown; errors: { message: string; extensions: { code: string } }[] }>();
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
      expect(body).not.toHaveProperty('data');
      if (credential === serviceKey) {
        expect(body.errors[0]?.message).toMatch(message);
        expect(body.errors[0]?.extensions.code).toBe('INVALID_REQUEST');
      }
    }
  });

  it('the limits say nothing about syntax when the syntax is fine', async () => {
    for (const query of [costly, `{ ${aliases} }`, deep, `{ me { ${'id '.repeat(2001)} } }`]) {
      const response = await graphqlRequest(testApp, { query, credential: serviceKey });
      expect(response.errors?.[0]?.message).not.toMatch(/syntax/i);
      expect(response.errors?.[0]?.message).toMatch(/limit of \d+/);
    }
  });

  it('under application/json the same refusals answer 200, as GraphQL over HTTP asks of that type', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${serviceKey}`,
      },
      payload: JSON.stringify({ query: costly }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('data');
  });
});
