import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { graphqlRequest } from '../test/graphql.js';

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
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
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
      const clientAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
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
