import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The main server every journey uses, and one whose access tokens expire after 5 s (with a tag manager). */
export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SHORT_SESSION_PORT = PORTAL_PORT + 1;
/** A page on this machine that journeys serve themselves; the servers' site lookup may fetch it (test-only setting). */
export const LOCAL_SITE_PORT = PORTAL_PORT + 2;
/** The servers' Standard Webhooks secret, so journeys can post billing webhooks with `npm run webhook:send`. */
export const BILLING_WEBHOOK_SECRET = 'whsec_ZTJlLWJpbGxpbmctd2ViaG9vay1zZWNyZXQtMDE=';
export const TAG_MANAGER_ID = 'GTM-E2ETEST';
/** A portal whose identity provider is a standalone `oidc-provider` (apps/server/src/test/standalone-provider.ts). */
export const EXTERNAL_PROVIDER_PORTAL_PORT = PORTAL_PORT + 3;
export const STANDALONE_PROVIDER_PORT = PORTAL_PORT + 4;
/** A portal that sends real mail through SMTP_URL to a server its journey starts (tests/accounts-by-admin.spec.ts). */
export const MAIL_PORTAL_PORT = PORTAL_PORT + 5;
export const MAIL_PORTAL_SMTP_PORT = PORTAL_PORT + 6;
export const MAIL_PORTAL_ADMIN_EMAIL = 'admin-accounts@e2e.test';

function serverOn(port: number, extraEnvironment: Record<string, string> = {}) {
  return {
    command: 'node ../apps/server/dist/main.js',
    url: `http://localhost:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'dxp-e2e-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Accounts with these emails become system admins when they sign up (journeys that need an admin use them).
      ADMIN_EMAIL:
        'admin@e2e.test,admin2@e2e.test,admin3@e2e.test,admin4@e2e.test,admin-catalogue@e2e.test,admin-first-run@e2e.test,admin-audit@e2e.test,admin-withdraw@e2e.test,admin-icons@e2e.test,admin-ledger@e2e.test,admin-code@e2e.test',
      // Every journey signs up from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      TEST_ONLY_SITE_INFO_LOOPBACK_PORTS: String(LOCAL_SITE_PORT),
      TEST_ONLY_PASSWORD_HASH_COST: '1024',
      BILLING_WEBHOOK_SECRET,
      ...extraEnvironment,
    },
  };
}

/**
 * Debian's headless shell (package chromium-headless-shell) when it is installed: the same Chromium without the full
 * browser's windows, a third less CPU a journey (docs/performance.md); Debian's Chromium otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  // One folder per port block, so that two runs on one machine (each with its own E2E_PORT) never share one.
  outputDir: `./.artifacts/results-${PORTAL_PORT}`,
  fullyParallel: true,
  // A journey mostly waits (for the browser, the server, a timer): one worker more than cores keeps the cores busy
  // (docs/performance.md, "Test-run figures"). E2E_WORKERS overrides it.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : availableParallelism() + 1,
  retries: 0,
  // Journeys sign several people up and walk many screens; this bounds a hang, it measures nothing.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://localhost:${PORTAL_PORT}`,
    // A trace records every action's page and a screencast, about a third of the journeys' browser CPU
    // (docs/performance.md); E2E_TRACE=1 keeps one for each failed journey. Without it a failure still leaves its
    // screenshot and the page's accessibility tree (the error context), which `npm test` prints.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // The second server also turns on the tag manager (its script is answered by the test: a third party), and
  // runs only the web client's trusted documents, as production does: its journeys prove the list is complete.
  // The third signs in through a standalone OpenID provider, started before it. The fourth sends real mail.
  // Together they use ports E2E_PORT..E2E_PORT+6.
  webServer: [
    serverOn(PORTAL_PORT),
    serverOn(SHORT_SESSION_PORT, {
      ACCESS_TOKEN_TTL_SECONDS: '5',
      GTM_ID: TAG_MANAGER_ID,
      APP_ENVIRONMENT: 'e2e',
      GRAPHQL_TRUSTED_DOCUMENTS: 'enforce',
    }),
    {
      command: 'node --import tsx ../apps/server/src/test/standalone-provider.ts',
      url: `http://127.0.0.1:${STANDALONE_PROVIDER_PORT}/.well-known/openid-configuration`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        STANDALONE_PROVIDER_PORT: String(STANDALONE_PROVIDER_PORT),
        STANDALONE_PROVIDER_PORTAL_URLS: `http://localhost:${EXTERNAL_PROVIDER_PORTAL_PORT}`,
      },
    },
    serverOn(EXTERNAL_PROVIDER_PORTAL_PORT, {
      OIDC_ISSUER: `http://127.0.0.1:${STANDALONE_PROVIDER_PORT}`,
      OIDC_CLIENT_ID: 'dxp-portal',
    }),
    // Its own data and one administrator: the journey's first account. The SMTP server is the journey's own
    // (started in its beforeAll); the mailer connects per message, so it need not be up when this server starts.
    serverOn(MAIL_PORTAL_PORT, {
      SMTP_URL: `smtp://127.0.0.1:${MAIL_PORTAL_SMTP_PORT}`,
      ADMIN_EMAIL: MAIL_PORTAL_ADMIN_EMAIL,
    }),
  ],
});
