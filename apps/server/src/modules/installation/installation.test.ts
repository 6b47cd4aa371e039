import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { readInstallationStatus } from './installation.service.js';
import { KEPT_SIGN_IN_REFUSALS, recordSignInRefusal, redactRefusalDetail } from './sign-in-refusals.service.js';
import { webDocument } from '../../test/web-documents.js';

const smtpPassword = 'smtp-pa55word-never-shown';
const smtpUrl = `smtp://mailer:${smtpPassword}@127.0.0.1:2525`;
const webhookSecret = `whsec_${Buffer.from('installation-status-test-secret').toString('base64')}`;
/** Tests on PostgreSQL get a config that says so, as a server started with DATABASE_URL has. */
const databaseEnvironment: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : {};

const installationStatus = webDocument('GetInstallationStatus');

let testApp: TestApp;
let systemAdmin: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp({
    ...databaseEnvironment,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Portal <portal@example.test>',
    SIGNUP_MODE: 'domains',
    SIGNUP_ALLOWED_DOMAINS: 'corp.test, lab.corp.test',
    BILLING_WEBHOOK_SECRET: webhookSecret,
  });
  systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
});
afterAll(async () => {
  await testApp.close();
});

describe('installationStatus', () => {
  it('tells a system administrator how the installation runs, without a secret in the answer', async () => {
    const response = await graphqlRequest(testApp, { query: installationStatus, credential: systemAdmin.accessToken });
    expect(response.errors).toBeUndefined();
    const { version } = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(response.data).toEqual({
      installationStatus: {
        version,
        environment: 'test',
        database: {
          kind: testApp.database.kind === 'postgres' ? 'POSTGRESQL' : 'PGLITE',
          isReachable: true,
          areMigrationsApplied: true,
          serverVersion: expect.stringMatching(/^\d+(\.\d+)?/) as string,
        },
        identityProvider: {
          kind: 'BUILT_IN',
          issuer: 'http://localhost:3999/idp',
          signupMode: 'DOMAINS',
          signupAllowedDomains: ['corp.test', 'lab.corp.test'],
        },
        mail: { isConfigured: true, fromAddress: 'Portal <portal@example.test>' },
        isBillingWebhookSecretConfigured: true,
        rateLimitStore: 'MEMORY',
        isMonitoringConfigured: false,
        isTagManagerConfigured: false,
        recentSignInRefusals: [],
      },
    });
    const text = JSON.stringify(response);
    for (const secret of [smtpPassword, 'smtp://', webhookSecret, webhookSecret.slice('whsec_'.length)]) {
      expect(text).not.toContain(secret);
    }
  });

  it('is for system administrators only', async () => {
    const user = await signInTestUser(testApp);
    const asUser = await graphqlRequest(testApp, { query: installationStatus, credential: user.accessToken });
    expect(asUser.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHORIZED' });
    expect(asUser.data).toBeNull();
    const anonymous = await graphqlRequest(testApp, { query: installationStatus });
    expect(anonymous.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHENTICATED' });
  });

  it('reports an external identity provider, Redis, monitoring and no mail or webhook secret', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://login.example.com/tenant/',
      OIDC_CLIENT_ID: 'portal',
      REDIS_URL: 'redis://:redis-password@redis.internal:6379/0',
      DATADOG_CLIENT_TOKEN: 'pub123',
      GTM_ID: 'GTM-ABC123',
      APP_ENVIRONMENT: 'staging',
    });
    const status = await readInstallationStatus({ db: testApp.database.db, config });
    expect(status).toMatchObject({
      environment: 'staging',
      identityProvider: { kind: 'external', issuer: 'https://login.example.com/tenant', signup: null },
      mail: { isConfigured: false, fromAddress: null },
      isBillingWebhookSecretConfigured: false,
      rateLimitStore: 'redis',
      isMonitoringConfigured: true,
      isTagManagerConfigured: true,
    });
    expect(JSON.stringify(status)).not.toContain('redis-password');
  });

  it('says the database is unreachable when it does not answer, rather than failing', async () => {
    const unreachable = await openDatabase(
      { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:9/none', poolSize: 1 },
      pino({ level: 'silent' }),
    );
    try {
      const config = loadConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' });
      const status = await readInstallationStatus({ db: unreachable.db, config });
      expect(status.database).toEqual({
        kind: 'postgres',
        isReachable: false,
        areMigrationsApplied: false,
        serverVersion: null,
      });
    } finally {
      await unreachable.close();
    }
  });

  it('keeps the latest refused sign-ins, newest first, pruned to the last 20', async () => {
    const refusedLogin = (bearer: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: `Bearer ${bearer}` },
        payload: { nonce: 'n' },
      });
    for (let attempt = 0; attempt < KEPT_SIGN_IN_REFUSALS + 2; attempt++) {
      expect((await refusedLogin(`not-a-token-${attempt}`)).statusCode).toBe(401);
    }
    await recordSignInRefusal(testApp.database.db, {
      reason: 'audience',
      detail: 'its aud is other, not dxp-portal',
      issuer: 'http://localhost:3999/idp',
      clientId: 'dxp-portal',
    });
    const response = await graphqlRequest<{
      installationStatus: { recentSignInRefusals: { reason: string; detail: string }[] };
    }>(testApp, { query: installationStatus, credential: systemAdmin.accessToken });
    const refusals = response.data?.installationStatus.recentSignInRefusals ?? [];
    expect(refusals).toHaveLength(KEPT_SIGN_IN_REFUSALS);
    expect(refusals[0]).toMatchObject({ reason: 'audience', detail: 'its aud is other, not dxp-portal' });
    expect(refusals.slice(1).every((refusal) => refusal.reason === 'signature')).toBe(true);
    const kept = (await testApp.database.db.query.signInRefusals.findMany()).length;
    expect(kept).toBe(KEPT_SIGN_IN_REFUSALS);
  });

  it('still answers the person when the refusal cannot be kept', async () => {
    const { db } = testApp.database;
    await db.execute(sql`alter table sign_in_refusals rename to sign_in_refusals_away`);
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: 'Bearer not-a-token' },
        payload: { nonce: 'n' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json<{ error: { reason: string } }>().error.reason).toBe('signature');
    } finally {
      await db.execute(sql`alter table sign_in_refusals_away rename to sign_in_refusals`);
    }
  });

  it('keeps neither a token nor an email address in full in a refusal', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    expect(redactRefusalDetail(`issued to client "${jwt}", not dxp-portal`)).toBe(
      'issued to client "[token]", not dxp-portal',
    );
    expect(redactRefusalDetail('its typ claim is ada.lovelace@example.com')).toBe('its typ claim is a…@example.com');
    expect(redactRefusalDetail('x'.repeat(1000))).toHaveLength(300);
  });
});
