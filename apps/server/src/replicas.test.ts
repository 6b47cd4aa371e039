import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentityProvider, type TestIdentityProvider } from './test/identity-provider.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';

const postgresUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * docs/scaling.md: stateless replicas behind one balancer. Two API processes on one PostgreSQL and one Redis:
 * a token one issues is accepted by the other (signing keys live in the database) and a rate limit counts
 * requests to both (counters live in Redis).
 */
describe.skipIf(!postgresUrl || !redisUrl)('two API processes on one PostgreSQL and one Redis', () => {
  const databaseName = `dxp_replicas_${randomBytes(4).toString('hex')}`;
  let identityProvider: TestIdentityProvider;
  let replicas: ServerProcess[] = [];

  async function administer(statement: string) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  }

  beforeAll(async () => {
    await administer(`create database ${databaseName}`);
    identityProvider = await startTestIdentityProvider();
    const url = new URL(postgresUrl!);
    url.pathname = `/${databaseName}`;
    const environment = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      OIDC_ISSUER: identityProvider.issuer,
      OIDC_CLIENT_ID: identityProvider.clientId,
      PUBLIC_URL: 'http://localhost:3999',
      // Five token exchanges a minute per client address (the login limit is five per sign-in).
      AUTH_RATE_LIMIT_PER_MINUTE: '1',
    };
    // One after the other: the second finds the migrations and signing keys the first created.
    replicas = [await startServerProcess(environment), await startServerProcess(environment)];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await identityProvider?.close();
    await administer(`drop database if exists ${databaseName} with (force)`);
  });

  /** Through a trusted proxy (loopback), from a client address of this test's own. */
  const clientAddress = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
  /** Signs in with a fresh ID token (each is exchanged once) and the nonce it carries, as the web client does. */
  const login = async (replica: ServerProcess, claims: { sub: string; email: string }) => {
    const nonce = randomBytes(8).toString('hex');
    return fetch(`${replica.url}/api/auth/login`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await identityProvider.signIdToken({ ...claims, nonce })}`,
        'content-type': 'application/json',
        'x-forwarded-for': clientAddress,
      },
      body: JSON.stringify({ nonce }),
    });
  };

  it('accepts on one replica the access token the other issued', async () => {
    const [first, second] = replicas as [ServerProcess, ServerProcess];
    const issued = await login(first, {
      sub: `replica-user-${randomBytes(3).toString('hex')}`,
      email: 'grace@replicas.test',
    });
    expect(issued.status).toBe(200);
    const { access_token: accessToken } = (await issued.json()) as { access_token: string };

    const userInfo = await fetch(`${second.url}/api/auth/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(userInfo.status).toBe(200);
    expect(await userInfo.json()).toMatchObject({ email: 'grace@replicas.test' });
  });

  it('counts a client against one rate limit across both replicas', async () => {
    const [first, second] = replicas as [ServerProcess, ServerProcess];
    const person = { sub: 'replica-user-limit', email: 'linus@replicas.test' };
    // The first test spent one of the five exchanges; four more, alternating, are allowed.
    const allowed = [
      await login(second, person),
      await login(first, person),
      await login(second, person),
      await login(first, person),
    ];
    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const refused = [await login(second, person), await login(first, person)];
    expect(refused.map((response) => response.status)).toEqual([429, 429]);
  });
});
