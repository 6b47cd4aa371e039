// Lighthouse (the npm package, in Debian's Chromium) on `/` signed out and on `/dashboard` of a
// signed-in user with a team and bookmarks, with the desktop and the mobile preset: performance score,
// LCP, TBT, CLS and the JavaScript the page really transferred, beside the bundle figures of the build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { median, printTable } from './lib/report.js';
import { benchPages, pageFirstLoad, sumCssKb, sumJsKb } from './lib/web-bundle.js';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const presets = { desktop: desktopConfig, mobile: undefined } as const satisfies Record<string, Config | undefined>;
/** A comma-separated subset, e.g. `LIGHTHOUSE_PAGES=/dashboard LIGHTHOUSE_PRESETS=mobile`; all of them by default. */
function chosen<Name extends string>(variable: string, names: readonly Name[]): Name[] {
  const listed = process.env[variable]
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!listed?.length) return [...names];
  const unknown = listed.filter((name) => !(names as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`${variable}: unknown ${unknown.join(', ')} (known: ${names.join(', ')})`);
  return listed as Name[];
}
const chosenPages = chosen('LIGHTHOUSE_PAGES', Object.keys(benchPages) as (keyof typeof benchPages)[]);
const chosenPresets = chosen('LIGHTHOUSE_PRESETS', Object.keys(presets) as (keyof typeof presets)[]);
const port = 3900 + Math.floor(Math.random() * 90);
const origin = `http://localhost:${port}`;
/** Another build's server (`LIGHTHOUSE_SERVER=/path/to/apps/server/dist/main.js`, serving the web build beside it). */
const serverMain =
  process.env.LIGHTHOUSE_SERVER ?? fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const bars = { desktop: 0.95, mobile: 0.9, cls: 0.02 };

async function startServer(dataDir: string) {
  const server = spawn(process.execPath, [serverMain], {
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
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() - startedAt > 60_000) {
      server.kill('SIGTERM');
      throw new Error('the server was not ready within 60 s');
    }
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs up through the landing page and the built-in provider, as e2e/tests/support/accounts.ts does. */
async function signUp(page: Page): Promise<string> {
  await page.goto(`${origin}/`);
  await page.locator('::-p-aria([name="Create account"][role="button"])').click();
  await page.waitForSelector('#firstName');
  await page.type('#firstName', 'Ada');
  await page.type('#lastName', 'Lovelace');
  await page.type('#email', `lighthouse-${Date.now()}@example.com`);
  await page.type('#password', 'Correct-horse-battery-1');
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  await page.waitForFunction(() => location.pathname === '/terms-of-service');
  await page.locator('::-p-aria([name="I accept"][role="button"])').click();
  await page.waitForFunction(() => location.pathname === '/dashboard');
  const accessToken = await page.evaluate(() => localStorage.getItem('dxp:access_token'));
  if (!accessToken) throw new Error('signed up, but no access token was stored');
  return accessToken;
}

/** A team and a dozen bookmarks, so the dashboard shows what a user of the portal sees. */
async function seedDashboard(accessToken: string): Promise<void> {
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
    input: { friendlyId: 'lighthouse-team', name: 'Lighthouse team' },
  });
  for (let index = 1; index <= 12; index += 1) {
    await request('mutation ($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }', {
      input: {
        name: `Bookmark ${index}`,
        url: `https://example.com/${index}`,
        ...(index % 2 ? { teamFriendlyId: 'lighthouse-team' } : {}),
      },
    });
  }
}

interface Audit {
  score: number | null;
  numericValue?: number;
  title: string;
  details?: { type: string; items?: { resourceType?: string; transferSize?: number }[] };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART); such a run is repeated. */
async function audit(context: BrowserContext, url: string, config: Config | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(context, url, config);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      console.warn(`${error.message}; running it again`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function auditOnce(context: BrowserContext, url: string, config: Config | undefined) {
  const page = await context.newPage();
  try {
    // The session lives in localStorage: keep it (signed-in pages) and audit with an empty HTTP cache.
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    };
    const devtools = await page.createCDPSession();
    await devtools.send('Network.clearBrowserCache');
    await devtools.detach();
    const result = await lighthouse(url, flags, config, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const name = `${new URL(url).pathname.replaceAll('/', '_') || 'root'}-${config ? 'desktop' : 'mobile'}-${Date.now()}.json`;
      writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const audits = lhr.audits as Record<string, Audit>;
    const scripts = audits['network-requests']?.details?.items?.filter((item) => item.resourceType === 'Script') ?? [];
    return {
      finalUrl: lhr.finalDisplayedUrl,
      score: (lhr.categories.performance?.score ?? 0) * 100,
      lcp: audits['largest-contentful-paint']!.numericValue!,
      tbt: audits['total-blocking-time']!.numericValue!,
      cls: audits['cumulative-layout-shift']!.numericValue!,
      scriptKb: scripts.reduce((total, item) => total + (item.transferSize ?? 0), 0) / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      flagged: Object.values(audits)
        .filter((entry) => entry.score !== null && entry.score < 0.9 && entry.details?.type === 'opportunity')
        .map((entry) => entry.title),
    };
  } finally {
    await page.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'dxp-lighthouse-'));
const server = await startServer(dataDir);
let browser: Browser | undefined;
try {
  browser = await puppeteer.launch({
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
  // The signed-in user lives in the default context; `/` is audited in a separate, signed-out one
  // (a signed-in visitor of `/` is sent on to the dashboard).
  const signedIn = browser.defaultBrowserContext();
  const signUpPage = await signedIn.newPage();
  await seedDashboard(await signUp(signUpPage));
  await signUpPage.close();
  const signedOut = await browser.createBrowserContext();

  const rows: (string | number)[][] = [];
  const flaggedRows: (string | number)[][] = [];
  for (const pagePath of chosenPages) {
    const bundle = pageFirstLoad(benchPages[pagePath]);
    for (const preset of chosenPresets) {
      const config = presets[preset];
      const results = [];
      for (let run = 0; run < runs; run += 1) {
        results.push(await audit(pagePath === '/' ? signedOut : signedIn, `${origin}${pagePath}`, config));
      }
      const landedOn = new URL(results[0]!.finalUrl).pathname;
      if (landedOn !== pagePath) throw new Error(`${pagePath} ended on ${landedOn}: the audit did not see the page`);
      const score = median(results.map((result) => result.score));
      const cls = median(results.map((result) => result.cls));
      const scoreBar = preset === 'desktop' ? bars.desktop : bars.mobile;
      rows.push([
        `\`${pagePath}\``,
        preset,
        `${score.toFixed(0)}${score >= scoreBar * 100 ? '' : ` (bar ${scoreBar * 100})`}`,
        `${(median(results.map((result) => result.lcp)) / 1000).toFixed(2)} s`,
        `${median(results.map((result) => result.tbt)).toFixed(0)} ms`,
        `${cls.toFixed(3)}${cls <= bars.cls ? '' : ` (bar ${bars.cls})`}`,
        median(results.map((result) => result.scriptKb)).toFixed(1),
        sumJsKb(bundle).toFixed(1),
        sumCssKb(bundle).toFixed(1),
        median(results.map((result) => result.benchmarkIndex)).toFixed(0),
      ]);
      const flagged = [...new Set(results.flatMap((result) => result.flagged))];
      flaggedRows.push([`\`${pagePath}\``, preset, flagged.length ? flagged.join('; ') : 'nothing']);
    }
  }
  printTable(
    'lighthouse',
    `Lighthouse ${runs === 1 ? '(one run)' : `(median of ${runs} runs)`}; bars: performance ≥ 95 desktop, ≥ 90 mobile, CLS ≤ 0.02`,
    // Lighthouse's CPU benchmark of this machine (higher is faster): the mobile preset slows the CPU four
    // times on the assumption of a fast desktop, so a slow or busy machine simulates a slower phone.
    [
      'page',
      'preset',
      'performance',
      'LCP',
      'TBT',
      'CLS',
      'JS transferred KB',
      'JS first load KB (gzip)',
      'CSS KB (gzip)',
      'CPU benchmark index',
    ],
    rows,
  );
  printTable(
    'lighthouse-flags',
    'Opportunities Lighthouse flags (score < 0.9)',
    ['page', 'preset', 'flagged'],
    flaggedRows,
  );
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
