// A built portal on a fresh embedded database, and a signed-up administrator with the dashboard's data, for the
// browser benches (lighthouse.ts, web-trace.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/** Debian's Chromium, headless (`CHROMIUM_PATH` names another). */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}

/** Starts `node <main>` on `port` with its own data directory; resolves when `/api/ready` answers. */
export async function startEmbeddedPortal(main: string, port: number, dataDir: string): Promise<ChildProcess> {
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const startedAt = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`${main}: the server exited with ${server.exitCode}`);
    if (Date.now() - startedAt > 120_000) {
      server.kill('SIGTERM');
      throw new Error(`${main}: the server was not ready within 120 s`);
    }
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Signs up through the landing page and the built-in provider (as e2e/tests/support/accounts.ts does), then adds a
 * team and a dozen bookmarks, so the dashboard shows what a user of the portal sees. The first account of a new
 * installation is its administrator.
 */
export async function signUpWithDashboard(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.locator('::-p-aria([name="Create account"][role="button"])').click();
  await page.waitForSelector('#firstName');
  await page.type('#firstName', 'Ada');
  await page.type('#lastName', 'Lovelace');
  await page.type('#email', `bench-${Date.now()}@example.com`);
  await page.type('#password', 'Correct-horse-battery-1');
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  await page.waitForFunction(() => location.pathname === '/terms-of-service', { timeout: 60_000 });
  await page.locator('::-p-aria([name="I accept"][role="button"])').click();
  await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 60_000 });
  const accessToken = await page.evaluate(() => localStorage.getItem('dxp:access_token'));
  if (!accessToken) throw new Error('signed up, but no access token was stored');
  const request = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { errors?: { message: string }[] };
    if (body.errors) throw new Error(`seeding the dashboard failed: ${body.errors[0]!.message}`);
  };
  await request('mutation ($input: AddTeamInput!) { addTeam(input: $input) { id } }', {
    input: { friendlyId: 'bench-team', name: 'Bench team' },
  });
  for (let index = 1; index <= 12; index += 1) {
    await request('mutation ($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }', {
      input: {
        name: `Bookmark ${index}`,
        url: `https://example.com/${index}`,
        ...(index % 2 ? { teamFriendlyId: 'bench-team' } : {}),
      },
    });
  }
}
