// A Chrome performance trace of `/dashboard` (signed in, empty HTTP cache, CPU slowed down 4×): main-thread time,
// long tasks and the JavaScript run before the largest paint, for builds compared side by side on a busy machine.
// `WEB_TRACE_SERVERS=base=/path/to/apps/server/dist/main.js,change=/other/…/main.js` names the builds (each server
// serves the web build beside it); the runs alternate between them so that both see the same load.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser } from 'puppeteer-core';
import { median, printTable } from './lib/report.js';
import { launchChromium, signUpWithDashboard, startEmbeddedPortal } from './lib/signed-in-portal.js';

const runs = Number(process.env.WEB_TRACE_RUNS ?? 5);
const pagePath = process.env.WEB_TRACE_PAGE ?? '/dashboard';
/** Emulated in Chrome when set (thread time is not stretched by it); 1 by default. */
const cpuSlowdown = Number(process.env.WEB_TRACE_CPU_SLOWDOWN ?? 1);
/** Lighthouse's mobile preset: the simulation takes each observed task 4× as long. */
const lanternSlowdown = Number(process.env.WEB_TRACE_TASK_MULTIPLIER ?? 4);
const traceDir = process.env.WEB_TRACE_DIR;
const defaultServer = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const servers = (process.env.WEB_TRACE_SERVERS ?? `build=${defaultServer}`).split(',').map((entry) => {
  const [name, main] = entry.split('=');
  if (!name || !main) throw new Error(`WEB_TRACE_SERVERS: expected name=path, got ${entry}`);
  return { name, main };
});

interface Variant {
  name: string;
  origin: string;
  server: ChildProcess;
  dataDir: string;
}

async function startServer(name: string, main: string, port: number): Promise<Variant> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dxp-web-trace-'));
  const server = await startEmbeddedPortal(main, port, dataDir);
  return { name, origin: `http://localhost:${port}`, server, dataDir };
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; documentLoaderURL?: string; functionName?: string; frame?: string } };
}

interface RunFigures {
  fcp: number;
  lcp: number;
  mainThreadMs: number;
  afterEntryMs: number;
  longTasks: number;
  longestTaskMs: number;
  blockingAfterEntryMs: number;
  jsKbBeforeLcp: number;
  jsKbTotal: number;
  tasks: string[];
}

/** Navigates with a trace and reads the figures off the renderer's main thread until the page has been idle 2 s. */
async function traceRun(browser: Browser, variant: Variant, run: number): Promise<RunFigures> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const devtools = await page.createCDPSession();
    await devtools.send('Network.enable');
    await devtools.send('Network.clearBrowserCache');
    if (cpuSlowdown !== 1) await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.tracing.start({
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
        'disabled-by-default-devtools.timeline.frame',
        ...(process.env.WEB_TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
      ],
    });
    await page.goto(`${variant.origin}${pagePath}`, { waitUntil: 'networkidle2', timeout: 120_000 });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const resources = await page.evaluate(async () => {
      // Largest-paint entries are only given to an observer.
      const lcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(Number.NaN), 1_000);
      });
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
        /\.js(\?|$)/.test(entry.name),
      );
      return {
        lcp,
        path: location.pathname,
        beforeLcp: scripts.filter((entry) => entry.responseEnd <= lcp).reduce((sum, e) => sum + e.encodedBodySize, 0),
        total: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      };
    });
    if (resources.path !== pagePath) throw new Error(`${variant.name}: ended on ${resources.path}`);
    const buffer = await page.tracing.stop();
    const trace = JSON.parse(Buffer.from(buffer!).toString('utf8')) as { traceEvents: TraceEvent[] };
    if (traceDir) writeFileSync(join(traceDir, `${variant.name}-${run}.json`), JSON.stringify(trace));
    return {
      ...readTrace(trace.traceEvents),
      jsKbBeforeLcp: resources.beforeLcp / 1024,
      jsKbTotal: resources.total / 1024,
    };
  } finally {
    await page.close();
  }
}

/**
 * Reads the renderer's main thread. Task lengths are thread time (`tdur`), which a machine busy with other work does
 * not stretch, multiplied by `lanternSlowdown` as Lighthouse's simulated mobile run multiplies them (4×); blocking
 * time is counted from the end of the entry script's evaluation, about where Lighthouse's simulation puts the first
 * paint of a page drawn by script.
 */
function readTrace(events: TraceEvent[]): Omit<RunFigures, 'jsKbBeforeLcp' | 'jsKbTotal'> {
  const page = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  const paintEvent = events.find((event) => event.name === 'firstContentfulPaint');
  if (!page && !paintEvent) throw new Error('neither navigationStart nor a first paint in the trace');
  const pid = (page ?? paintEvent)!.pid;
  const onMain = events.filter((event) => event.pid === pid && event.tid === pid);
  const start =
    page?.ts ??
    events.find((event) => event.name === 'ResourceSendRequest' && event.args?.data?.url?.endsWith(pagePath))?.ts ??
    Math.min(...onMain.filter((event) => event.ph === 'X').map((event) => event.ts));
  const paint = (name: string) => {
    const candidates = onMain.filter((event) => event.name === name && event.ts >= start);
    return candidates.length ? (candidates.at(-1)!.ts - start) / 1000 : Number.NaN;
  };
  // Tasks nest (RunTask inside ThreadControllerImpl::RunTask): only the outermost counts.
  const topLevel: TraceEvent[] = [];
  let taskEnd = 0;
  for (const event of onMain
    .filter(
      (e) => e.ph === 'X' && e.ts >= start && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
    )
    .sort((a, b) => a.ts - b.ts)) {
    if (event.ts < taskEnd) continue;
    topLevel.push(event);
    taskEnd = event.ts + (event.dur ?? 0);
  }
  const inside = (task: TraceEvent, event: TraceEvent) =>
    event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0) && event !== task;
  const moduleEvaluations = onMain.filter(
    (event) => event.name === 'v8.evaluateModule' || event.name === 'EvaluateScript',
  );
  const entryTask = topLevel.find((task) => moduleEvaluations.some((event) => inside(task, event)));
  const cutoff = entryTask ? entryTask.ts + (entryTask.dur ?? 0) : start;
  const cpuMs = (task: TraceEvent) => ((task.tdur ?? task.dur ?? 0) / 1000) * lanternSlowdown;
  const describe = (task: TraceEvent) => {
    const labels = onMain
      .filter((event) => event.ph === 'X' && inside(task, event) && describedEvents.has(event.name))
      .sort((a, b) => (b.tdur ?? b.dur ?? 0) - (a.tdur ?? a.dur ?? 0))
      .slice(0, 3)
      .map(
        (event) =>
          `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.split('/').at(-1)}` : ''}${event.args?.data?.functionName ? ` ${event.args.data.functionName}` : ''}`,
      );
    return `@${((task.ts - start) / 1000).toFixed(0)} ${cpuMs(task).toFixed(0)} ms [${labels.join('; ')}]`;
  };
  const afterEntry = topLevel.filter((task) => task.ts >= cutoff);
  const long = topLevel.filter((task) => cpuMs(task) > 50);
  return {
    fcp: paint('firstContentfulPaint'),
    lcp: paint('largestContentfulPaint::Candidate'),
    mainThreadMs: topLevel.reduce((sum, task) => sum + cpuMs(task), 0),
    afterEntryMs: afterEntry.reduce((sum, task) => sum + cpuMs(task), 0),
    longTasks: long.length,
    longestTaskMs: Math.max(0, ...topLevel.map(cpuMs)),
    blockingAfterEntryMs: afterEntry.reduce((sum, task) => sum + Math.max(0, cpuMs(task) - 50), 0),
    tasks: long.map(describe),
  };
}

const describedEvents = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'EventDispatch',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'RunMicrotasks',
  'FireAnimationFrame',
  'MinorGC',
  'MajorGC',
]);

const variants: Variant[] = [];
let browser: Browser | undefined;
try {
  for (const [index, { name, main }] of servers.entries()) {
    variants.push(await startServer(name, main, 4600 + Math.floor(Math.random() * 50) * 4 + index));
  }
  browser = await launchChromium();
  for (const variant of variants) {
    const page = await browser.newPage();
    await signUpWithDashboard(page, variant.origin);
    await page.close();
  }
  const results = new Map(variants.map((variant) => [variant.name, [] as RunFigures[]]));
  for (let run = 0; run < runs; run += 1) {
    const order = run % 2 ? [...variants].reverse() : variants;
    for (const variant of order) {
      // A busy machine now and then loses a trace's navigation: that run is left out.
      const figures = await traceRun(browser, variant, run).catch((error: unknown) => {
        console.warn(`${variant.name} #${run}: ${String(error)}`);
        return undefined;
      });
      if (!figures) continue;
      results.get(variant.name)!.push(figures);
      console.log(
        `${variant.name} #${run}: FCP ${figures.fcp.toFixed(0)} LCP ${figures.lcp.toFixed(0)} main ${figures.mainThreadMs.toFixed(0)} after entry ${figures.afterEntryMs.toFixed(0)} long ${figures.longTasks} blocking ${figures.blockingAfterEntryMs.toFixed(0)} JS<LCP ${figures.jsKbBeforeLcp.toFixed(1)} KB\n  ${figures.tasks.join('\n  ')}`,
      );
    }
  }
  const fields = [
    'fcp',
    'lcp',
    'mainThreadMs',
    'afterEntryMs',
    'longTasks',
    'longestTaskMs',
    'blockingAfterEntryMs',
    'jsKbBeforeLcp',
    'jsKbTotal',
  ] as const;
  printTable(
    'web-trace',
    `${pagePath}: main-thread tasks in thread time ×${lanternSlowdown}, median of ${runs}`,
    ['build', ...fields],
    variants.map((variant) => [
      variant.name,
      ...fields.map((field) =>
        median(results.get(variant.name)!.map((figures) => figures[field])).toFixed(field.startsWith('js') ? 1 : 0),
      ),
    ]),
  );
} finally {
  await browser?.close();
  for (const variant of variants) {
    variant.server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(variant.dataDir, { recursive: true, force: true });
  }
}
