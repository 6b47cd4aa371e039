// Lighthouse (the npm package, in Debian's Chromium) on `/` signed out and on `/dashboard` of a
// signed-in user with a team and bookmarks, with the desktop and the mobile preset: performance score,
// LCP, TBT, CLS and the JavaScript the page really transferred, beside the bundle figures of the build.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { type Browser, type BrowserContext } from 'puppeteer-core';
import { median, printTable } from './lib/report.js';
import { launchChromium, signUpWithDashboard, startEmbeddedPortal } from './lib/signed-in-portal.js';
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
const server = await startEmbeddedPortal(serverMain, port, dataDir);
let browser: Browser | undefined;
try {
  browser = await launchChromium();
  // The signed-in user lives in the default context; `/` is audited in a separate, signed-out one
  // (a signed-in visitor of `/` is sent on to the dashboard).
  const signedIn = browser.defaultBrowserContext();
  const signUpPage = await signedIn.newPage();
  await signUpWithDashboard(signUpPage, origin);
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
