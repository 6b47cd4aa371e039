import { readFile } from 'node:fs/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { readInstallationStatus } from './installation.service.js';

const smtpPassword = 'smtp-pa55word-never-shown';
const smtpUrl = `smtp://mailer:${smtpPassword}@127.0.0.1:2525`;
const webhookSecret = `whsec_${Buffer.from('installation-status-test-secret').toString('base64')}`;
/** Tests on PostgreSQL get a config that says so, as a server started with DATABASE_URL has. */
const databaseEnvironment: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : {};

const installationStatus = /* GraphQL */ `
  query GetInstallationStatus {
    installationStatus {
      version
      environment
      database {
        kind
        isReachable
        areMigrationsApplied
        serverVersion
      }
      identityProvider {
        kind
        issuer
      }
      mail {
        isConfigured
        fromAddress
      }
      isBillingWebhookSecretConfigured
      rateLimitStore
      isMonitoringConfigured
      isTagManagerConfigured
    }
  }
`;

let testApp: TestApp;
let systemAdmin: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp({
    ...databaseEnvironment,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Portal <portal@example.test>',
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
        identityProvider: { kind: 'BUILT_IN', issuer: 'http://localhost:3999/idp' },
        mail: { isConfigured: true, fromAddress: 'Portal <portal@example.test>' },
        isBillingWebhookSecretConfigured: true,
        rateLimitStore: 'MEMORY',
        isMonitoringConfigured: false,
        isTagManagerConfigured: false,
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
      identityProvider: { kind: 'external', issuer: 'https://login.example.com/tenant' },
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
});
