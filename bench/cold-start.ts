// Cold start to ready: how long from `node main.js` until /api/ready answers 200, on PGlite with a
// new data directory (migrations included) and on an existing one, beside a bare `node:http`
// server started the same way in the same run; and a fresh clone's `npm start` (both builds and a
// new database) until the portal serves its page.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, printTable } from './lib/report.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const serverMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = 3400 + Math.floor(Math.random() * 500);

/** CPU time (user and system) a process has used so far, from /proc (Linux): steadier than the wall clock on a shared machine. */
function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process, from /proc (Linux). */
function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * Resident memory of each portal start, idle three seconds after it was ready: a second after ready the portal gives
 * back its start-up's garbage once it sees no traffic (apps/server/src/idle-memory.ts), and the memory leaves the
 * process shortly after that.
 */
const idleMegabytes: { fresh: number[]; existing: number[] } = { fresh: [], existing: [] };
/** CPU time of each portal start until it was ready. */
const cpuToReady: { fresh: number[]; existing: number[] } = { fresh: [], existing: [] };
const IDLE_SETTLE_MS = 3_000;

async function timeToReady(
  args: string[],
  environment: Record<string, string>,
  readyPath: string,
  {
    cwd,
    timeoutMs = 120_000,
    idleMemory,
    cpu,
  }: { cwd?: string; timeoutMs?: number; idleMemory?: number[]; cpu?: number[] } = {},
): Promise<number> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...environment, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - startedAt > timeoutMs) throw new Error(`not ready within ${timeoutMs / 1000} s`);
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${readyPath}`);
        if (response.status === 200) {
          const readyAfter = performance.now() - startedAt;
          if (cpu && child.pid) cpu.push(cpuMilliseconds(child.pid));
          if (idleMemory && child.pid) {
            await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
            idleMemory.push(residentMegabytes(child.pid));
          }
          return readyAfter;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/**
 * `npm start` in a fresh clone of this repository's last commit, with the installed packages linked in
 * (what `npm ci` would put there), until the landing page is served: it builds the web app and the
 * server and creates the database.
 */
async function freshCloneStart(): Promise<number> {
  const clone = mkdtempSync(join(tmpdir(), 'dxp-fresh-clone-'));
  try {
    execFileSync('git', ['clone', '--quiet', '--shared', repository, clone]);
    symlinkSync(join(repository, 'node_modules'), join(clone, 'node_modules'));
    return await timeToReady(
      ['scripts/start.mjs'],
      { LOG_LEVEL: 'silent', DATABASE_URL: '', DATA_DIR: join(clone, '.data') },
      '/',
      {
        cwd: clone,
        timeoutMs: 120_000,
      },
    );
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

const bareServer = `require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT)`;
const fresh: number[] = [];
const existing: number[] = [];
const bare: number[] = [];
const existingDataDir = mkdtempSync(join(tmpdir(), 'dxp-bench-'));
await timeToReady([serverMain], { DATA_DIR: existingDataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' }, '/api/ready');
for (let run = 0; run < runs; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dxp-bench-'));
  fresh.push(
    await timeToReady([serverMain], { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' }, '/api/ready', {
      idleMemory: idleMegabytes.fresh,
      cpu: cpuToReady.fresh,
    }),
  );
  rmSync(dataDir, { recursive: true, force: true });
  existing.push(
    await timeToReady(
      [serverMain],
      { DATA_DIR: existingDataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
      '/api/ready',
      {
        idleMemory: idleMegabytes.existing,
        cpu: cpuToReady.existing,
      },
    ),
  );
  bare.push(await timeToReady(['-e', bareServer], {}, '/'));
}
rmSync(existingDataDir, { recursive: true, force: true });
const freshRuns = Number(process.env.BENCH_FRESH_RUNS ?? 3);
const freshClone: number[] = [];
for (let run = 0; run < freshRuns; run += 1) freshClone.push(await freshCloneStart());

const format = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
const formatMegabytes = (values: number[]) => `${Math.round(median(values))} MB`;
printTable(
  'cold-start',
  `Start to ready and idle memory three seconds later (median of ${runs})`,
  ['what', 'median', 'min', 'max', 'goal', 'CPU to ready', 'idle RSS (goal ≤ 300 MB)'],
  [
    [
      'portal, new PGlite data directory',
      format(fresh),
      format([Math.min(...fresh)]),
      format([Math.max(...fresh)]),
      '≤ 3 s',
      format(cpuToReady.fresh),
      formatMegabytes(idleMegabytes.fresh),
    ],
    [
      'portal, existing PGlite data directory',
      format(existing),
      format([Math.min(...existing)]),
      format([Math.max(...existing)]),
      '≤ 1.5 s',
      format(cpuToReady.existing),
      formatMegabytes(idleMegabytes.existing),
    ],
    [
      'baseline: bare node:http server',
      format(bare),
      format([Math.min(...bare)]),
      format([Math.max(...bare)]),
      '',
      '',
      '',
    ],
  ],
);
printTable(
  'fresh-start',
  `Fresh clone, \`npm start\` until the portal serves \`/\` (median of ${freshRuns}; target < 10 s)`,
  ['what', 'median', 'min', 'max'],
  [
    [
      'builds the web app and the server, creates the database',
      format(freshClone),
      format([Math.min(...freshClone)]),
      format([Math.max(...freshClone)]),
    ],
  ],
);
