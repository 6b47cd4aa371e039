import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { uniqueClientAddress } from '../test/client-address.js';
import { createTestServiceKey, errorCodeOf, graphqlRequest, signInTestUser } from '../test/graphql.js';

const redisUrl = process.env.REDIS_URL;

// Runs when REDIS_URL names a Redis server to test against (CI sets it); counters must be shared.
describe.skipIf(!redisUrl)(
  'API4:2023 unrestricted resource consumption (ASVS V2.4.1) – rate limits shared through Redis',
  () => {
    let replicas: TestApp[];
    beforeAll(async () => {
      // 6 sign-ins a minute allow 30 token exchanges from one address.
      const environment = { REDIS_URL: redisUrl!, AUTH_RATE_LIMIT_PER_MINUTE: '6' };
      replicas = await Promise.all([createTestApp(environment), createTestApp(environment)]);
    });
    afterAll(async () => {
      await Promise.all(replicas.map((replica) => replica.close()));
    });

    it('counts the requests of one address across replicas', async () => {
      const remoteAddress = uniqueClientAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 31; attempt += 1) {
        const replica = replicas[attempt % 2]!;
        const response = await replica.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('counts the calls of a limited GraphQL operation across replicas', async () => {
      const clientAddress = uniqueClientAddress();
      const codes: unknown[] = [];
      // contactUs allows 5 calls per 10 minutes from one address.
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await graphqlRequest(replicas[attempt % 2]!, {
          query: 'mutation ContactUs($input: ContactUsInput!) { contactUs(input: $input) }',
          variables: { input: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi' } },
          headers: { 'x-forwarded-for': clientAddress },
        });
        codes.push(response.errors?.[0]?.extensions?.code ?? 'allowed');
      }
      expect(codes).toEqual(['allowed', 'allowed', 'allowed', 'allowed', 'allowed', 'RATE_LIMITED']);
    });
  },
);

const addBookmark = {
  query:
    'mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }',
  variables: { input: { name: 'Limited', url: 'https://limited.example/' } },
};

describe('API4:2023 unrestricted resource consumption (ASVS V2.4.1) – a per-person limit on mutations', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ MUTATION_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers RATE_LIMITED with 429 and Retry-After past MUTATION_RATE_LIMIT_PER_MINUTE, for that person only', async () => {
    const person = await signInTestUser(testApp);
    const other = await signInTestUser(testApp);
    const codes: unknown[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await graphqlRequest(testApp, { ...addBookmark, credential: person.accessToken });
      codes.push(errorCodeOf(response) ?? 'allowed');
    }
    expect(codes).toEqual(['allowed', 'allowed', 'allowed', 'RATE_LIMITED']);

    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${person.accessToken}` },
      payload: JSON.stringify(addBookmark),
    });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      data: null,
      errors: [{ extensions: { code: 'RATE_LIMITED', retryAfterSeconds: retryAfter } }],
    });

    // Reading goes on, and the limit is the person's, not everyone's behind the same address.
    const read = await graphqlRequest(testApp, { query: '{ me { id } }', credential: person.accessToken });
    expect(read.errors).toBeUndefined();
    const otherWrite = await graphqlRequest(testApp, { ...addBookmark, credential: other.accessToken });
    expect(otherWrite.errors).toBeUndefined();
  });

  it('counts a service key with its person', async () => {
    const person = await signInTestUser(testApp);
    const key = await createTestServiceKey(testApp, person.user);
    const codes: unknown[] = [];
    for (const credential of [person.accessToken, key, person.accessToken, key]) {
      codes.push(errorCodeOf(await graphqlRequest(testApp, { ...addBookmark, credential })) ?? 'allowed');
    }
    expect(codes).toEqual(['allowed', 'allowed', 'allowed', 'RATE_LIMITED']);
  });

  it('allows 600 mutations a minute by default', () => {
    expect(loadConfig({}).mutationRateLimitPerMinute).toBe(600);
  });
});

describe.skipIf(!redisUrl)('API4:2023 – the per-person mutation limit is shared through Redis', () => {
  let replicas: TestApp[];
  beforeAll(async () => {
    const environment = { REDIS_URL: redisUrl!, MUTATION_RATE_LIMIT_PER_MINUTE: '4' };
    const first = await createTestApp(environment);
    // Both replicas on one database, as in production.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3999',
      ...environment,
    });
    const second = await buildApp({ config, database: first.database, logger: pino({ level: 'silent' }) });
    replicas = [first, { ...first, app: second, close: () => second.close() }];
  });
  afterAll(async () => {
    await replicas[1]!.close();
    await replicas[0]!.close();
  });

  it('counts one person across replicas', async () => {
    const person = await signInTestUser(replicas[0]!);
    const codes: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await graphqlRequest(replicas[attempt % 2]!, { ...addBookmark, credential: person.accessToken });
      codes.push(errorCodeOf(response) ?? 'allowed');
    }
    expect(codes).toEqual(['allowed', 'allowed', 'allowed', 'allowed', 'RATE_LIMITED']);
  });
});
