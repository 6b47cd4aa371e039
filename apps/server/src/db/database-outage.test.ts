import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './client.js';
import { isDatabaseUnavailable } from './errors.js';
import type { TestApp } from '../test/app.js';
import { createTestServiceKey, graphqlRequest, signInTestUser } from '../test/graphql.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';

const silentLogger = pino({ level: 'silent' });
const serverUrl = process.env.DATABASE_URL;

describe('ASVS V16.5.2 – isDatabaseUnavailable', () => {
  it('recognises a refused connection as the driver reports it, and not a query error', async () => {
    const closedPort = await startTcpProxy({ host: '127.0.0.1', port: 9 });
    await closedPort.cut();
    const client = new pg.Client({
      host: '127.0.0.1',
      port: closedPort.port,
      user: 'nobody',
      connectionTimeoutMillis: 2_000,
    });
    const refused = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Unexpected error'))).toBe(false);
  });
});

// A proxy between the app and a real PostgreSQL stands in for the database going away (PGlite runs in-process).
describe.skipIf(!serverUrl)(
  'ASVS V16.5.2 operate securely when a resource fails – while PostgreSQL is unreachable',
  () => {
    const databaseName = `dxp_outage_${randomBytes(4).toString('hex')}`;
    let proxy: TcpProxy;
    let database: DatabaseHandle;
    let testApp: TestApp;
    let accessToken: string;
    let serviceKey: string;

    // A service key's hand-written document passes the production trusted-document check, which authenticates first.
    const me = () => graphqlRequest(testApp, { query: 'query GetMe { me { id } }', credential: serviceKey });

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = new URL(serverUrl!);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      url.pathname = `/${databaseName}`;
      database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }, silentLogger);
      await migrateDatabase(database);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://localhost:3999',
        GRAPHQL_TRUSTED_DOCUMENTS: 'enforce',
      });
      const app = await buildApp({ config, database, logger: silentLogger });
      await app.ready();
      testApp = { app, config, database, close: async () => {} };
      const signedIn = await signInTestUser(testApp);
      accessToken = signedIn.accessToken;
      serviceKey = await createTestServiceKey(testApp, signedIn.user);
    });
    afterAll(async () => {
      await testApp?.app.close();
      await database?.close();
      await proxy?.close();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    });

    it('answers 503 SERVICE_UNAVAILABLE with a clear message, reports not ready, and recovers by itself', async () => {
      expect((await me()).errors).toBeUndefined();

      await proxy.cut();
      const during = await me();
      expect(during.status).toBe(503);
      expect(during.errors?.[0]?.extensions).toEqual({ code: 'SERVICE_UNAVAILABLE' });
      expect(during.errors?.[0]?.message).toMatch(/database cannot be reached/);
      const ready = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'unreachable' });
      const userInfo = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/userinfo',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(userInfo.statusCode).toBe(503);
      expect(userInfo.headers['retry-after']).toBe('5');

      await proxy.restore();
      // The pool drops the dead connections and opens new ones: no restart, no manual step.
      let recovered = await me();
      for (let attempt = 0; attempt < 50 && recovered.errors; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        recovered = await me();
      }
      expect(recovered.errors).toBeUndefined();
      expect((await testApp.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });
  },
);
