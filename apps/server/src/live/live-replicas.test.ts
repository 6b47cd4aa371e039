import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsOfService } from '../modules/users/terms-of-service.js';
import { uniqueClientAddress } from '../test/client-address.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../test/identity-provider.js';
import { openLiveStream } from '../test/live-stream.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const postgresUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * docs/decisions/0128: a notification created on one replica reaches a page connected to another, through
 * PostgreSQL's LISTEN/NOTIFY when only DATABASE_URL is set, and through Redis when REDIS_URL is too.
 */
describe.each([
  { bus: 'PostgreSQL LISTEN/NOTIFY', withRedis: false },
  { bus: 'Redis pub/sub', withRedis: true },
])('live events across two replicas through $bus', ({ withRedis }) => {
  const skip = !postgresUrl || (withRedis && !redisUrl);
  const databaseName = `dxp_live_replicas_${randomBytes(4).toString('hex')}`;
  let identityProvider: TestIdentityProvider;
  let replicas: ServerProcess[] = [];

  async function administer(statement: string, values: unknown[] = [], database?: string) {
    const url = new URL(postgresUrl!);
    if (database) url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(statement, values);
    await client.end();
  }

  beforeAll(async () => {
    if (skip) return;
    await administer(`create database ${databaseName}`);
    identityProvider = await startTestIdentityProvider();
    const url = new URL(postgresUrl);
    url.pathname = `/${databaseName}`;
    const environment = {
      DATABASE_URL: url.toString(),
      ...(withRedis ? { REDIS_URL: redisUrl! } : {}),
      OIDC_ISSUER: identityProvider.issuer,
      OIDC_CLIENT_ID: identityProvider.clientId,
      PUBLIC_URL: 'http://localhost:3999',
    };
    replicas = [await startServerProcess(environment), await startServerProcess(environment)];
  }, 120_000);

  afterAll(async () => {
    if (skip) return;
    await Promise.all(replicas.map((replica) => replica.stop()));
    await identityProvider?.close();
    await administer(`drop database if exists ${databaseName} with (force)`);
  });

  it.skipIf(skip)('hands a notification created on one replica to a stream open on the other', async () => {
    const [first, second] = replicas as [ServerProcess, ServerProcess];
    const email = `ada-${randomBytes(3).toString('hex')}@replicas.test`;
    const nonce = randomBytes(8).toString('hex');
    const login = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await identityProvider.signIdToken({ sub: email, email, nonce })}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ nonce }),
    });
    expect(login.status).toBe(200);
    const { access_token: accessToken } = (await login.json()) as { access_token: string };
    // A system administrator, who is told of contact messages, with the terms accepted.
    await administer(
      'update users set is_system_admin = true, accepted_terms_version = $2 where email = $1',
      [email, termsOfService.version],
      databaseName,
    );

    const stream = await openLiveStream(second.url, accessToken);
    expect(stream.status).toBe(200);
    expect((await stream.next()).name).toBe('ready');
    // contactUs allows 5 messages an address in 10 minutes: from 127.0.0.1, a run soon after others was refused.
    const clientAddress = uniqueClientAddress();
    const sent = await fetch(`${first.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': clientAddress },
      body: JSON.stringify({
        query: 'mutation Contact($input: ContactUsInput!) { contactUs(input: $input) }',
        variables: { input: { name: 'Visitor', email: 'visitor@example.com', subject: 'Hello', message: 'Across' } },
      }),
    });
    expect(await sent.json()).toEqual({ data: { contactUs: true } });
    expect(await stream.next(10_000)).toMatchObject({ name: 'notification', data: { type: 'ContactMessage' } });
    stream.close();
  });
});
