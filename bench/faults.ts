// Load and faults (docs/performance.md): the built server on a real PostgreSQL, reached through a TCP proxy that can take
// the database away. Three phases, each under mixed reads and writes from many connections:
//   1. steady load: no 5xx at all;
//   2. the database gone for a while: fast 503s, /api/ready reports it, recovery by itself once it is back;
//   3. SIGTERM under load: in-flight requests complete, no connection is reset;
//   4. a fresh server whose log pipe is closed by its reader mid-load, then SIGTERM: it exits within the drain time
//      plus 20 s (a log destination spinning on the broken pipe once kept it alive until SIGKILL).
// After each phase every acknowledged write must be in the database. Exits 1 when a bar is missed.
//
//   npm run bench:faults                       # 100 connections, 60 s of load, 10 s outage
//   npm run bench:faults -- --scale small      # what npm test runs: 20 connections, 3 s, 2 s outage
//   npm run bench:faults -- --pg-cluster 15/main   # stop the real cluster instead of cutting the proxy (root;
//                                                  # the machine's PostgreSQL really goes down for the outage)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { createServiceKey } from '../apps/server/src/auth/service-keys.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { insertTestUser } from '../apps/server/src/test/users.js';
import { startTcpProxy } from '../apps/server/src/test/tcp-proxy.js';
import { printTable } from './lib/report.js';

const { values: options } = parseArgs({
  options: { scale: { type: 'string', default: 'full' }, 'pg-cluster': { type: 'string' } },
});
const scale =
  options.scale === 'small'
    ? { connections: 20, loadSeconds: 3, outageSeconds: 2, users: 10 }
    : { connections: 100, loadSeconds: 60, outageSeconds: 10, users: 50 };
const recoveryBarMs = 5_000;

const serverMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 3900 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the database, the proxy and the server ----------------------------------------------------------------

const databaseName = `dxp_faults_${randomBytes(4).toString('hex')}`;
async function administer(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}
await administer(`create database ${databaseName}`);
const target = new URL(adminUrl);
const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
const viaProxy = new URL(adminUrl);
viaProxy.host = `127.0.0.1:${proxy.port}`;
viaProxy.pathname = `/${databaseName}`;
const direct = new URL(adminUrl);
direct.pathname = `/${databaseName}`;

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const serverLog = `${resultsDir}faults-server.log`;

const drainSeconds = 2;

/** With `logPipe`, standard output is a pipe this process reads (and can close); otherwise the log file. */
function startServer({ logPipe = false } = {}): ChildProcess {
  mkdirSync(resultsDir, { recursive: true });
  const log = openSync(serverLog, logPipe ? 'a' : 'w');
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The bench talks to it over plain http on loopback.
      ALLOW_INSECURE_PUBLIC_URL: 'true',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: viaProxy.toString(),
      DATABASE_POOL_SIZE: '20',
      // Every access-log line goes into the pipe that phase 4 closes.
      LOG_LEVEL: logPipe ? 'info' : 'warn',
      SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
      // Each bench user writes far faster than a person; the per-person limit is not what is measured.
      MUTATION_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', logPipe ? 'pipe' : log, log],
  });
  // Read the pipe until phase 4 closes it, as a log collector would.
  child.stdout?.resume();
  child.once('exit', (code, signal) => {
    if (!expectingExit) {
      console.error(`The server exited unexpectedly (code ${code}, signal ${signal}); its log: ${serverLog}`);
      process.exit(1);
    }
  });
  return child;
}
let expectingExit = false;

async function waitUntilReady(deadlineMs: number): Promise<void> {
  const startedAt = Date.now();
  for (;;) {
    if (Date.now() - startedAt > deadlineMs) throw new Error(`the server was not ready within ${deadlineMs} ms`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

const server = startServer();
await waitUntilReady(60_000);
const database = await openDatabase(
  { kind: 'postgres', url: direct.toString(), poolSize: 4 },
  pino({ level: 'silent' }),
);
const credentials: string[] = [];
for (let index = 0; index < scale.users; index++) {
  const user = await insertTestUser(database.db);
  credentials.push((await createServiceKey(database.db, { userId: user.id, name: 'faults bench' })).plainKey);
}

// ---- the load -----------------------------------------------------------------------------------------------

const reads = [
  'query GetMyHomepage { myHomepage { teams { id } bookmarks { id } } }',
  'query GetMyBookmarks { myBookmarks(first: 10) { nodes { id name } } }',
  'query GetMyNotifications { myNotifications(first: 3, where: { isRead: { eq: false } }) { nodes { id message } } }',
];
const addBookmark =
  'mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }';

interface Tally {
  requests: number;
  ok: number;
  /** Answers by HTTP status. */
  statuses: Map<number, number>;
  /** Requests that got no HTTP answer, by cause (reset, refused…). */
  networkErrors: Map<string, number>;
  acknowledgedWrites: string[];
  latenciesMs: number[];
}

const newTally = (): Tally => ({
  requests: 0,
  ok: 0,
  statuses: new Map(),
  networkErrors: new Map(),
  acknowledgedWrites: [],
  latenciesMs: [],
});
const bump = (map: Map<number | string, number>, key: number | string) => map.set(key, (map.get(key) ?? 0) + 1);

/** One request, its body checked: a 200 counts only with data and no errors. */
async function send(tally: Tally, credential: string, sequence: number): Promise<void> {
  const isWrite = sequence % 10 < 3;
  const body = isWrite
    ? {
        query: addBookmark,
        variables: {
          input: { name: `Load ${sequence}`, url: `https://load.example/${randomBytes(6).toString('hex')}` },
        },
      }
    : { query: reads[sequence % reads.length] };
  const startedAt = performance.now();
  tally.requests++;
  try {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
      body: JSON.stringify(body),
    });
    const result = (await response.json()) as { data?: Record<string, { id?: string }> | null; errors?: unknown[] };
    tally.latenciesMs.push(performance.now() - startedAt);
    bump(tally.statuses, response.status);
    if (response.status === 200 && result.data && !result.errors) {
      tally.ok++;
      if (isWrite) tally.acknowledgedWrites.push(result.data.addOrUpdateBookmark!.id!);
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    bump(tally.networkErrors, cause);
  }
}

/** `connections` clients, each sending one request after another until `until()` says stop. */
async function runLoad(tally: Tally, until: () => boolean): Promise<void> {
  let sequence = 0;
  await Promise.all(
    Array.from({ length: scale.connections }, async (_, worker) => {
      while (!until()) await send(tally, credentials[worker % credentials.length]!, sequence++);
    }),
  );
}

/**
 * `runLoad` as through a load balancer that polls /api/ready every 100 ms and stops routing to the server once it
 * reports itself not ready; clear `readinessProbe` when done.
 */
function runLoadBehindBalancer(tally: Tally): { load: Promise<void>; readinessProbe: NodeJS.Timeout } {
  let routable = true;
  const readinessProbe = setInterval(() => {
    fetch(`${baseUrl}/api/ready`)
      .then((response) => {
        if (response.status !== 200) routable = false;
      })
      .catch(() => {
        routable = false;
      });
  }, 100);
  return { load: runLoad(tally, () => !routable), readinessProbe };
}

async function missingWrites(ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const client = new pg.Client({ connectionString: direct.toString() });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('select count(*) from bookmarks where id = any($1::uuid[])', [
    ids,
  ]);
  await client.end();
  return ids.length - Number(rows[0]!.count);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};
const count5xx = (tally: Tally, except: number[] = []) =>
  [...tally.statuses]
    .filter(([status]) => status >= 500 && !except.includes(status))
    .reduce((sum, [, n]) => sum + n, 0);
const describeMap = (map: Map<number | string, number>) => [...map].map(([key, n]) => `${key}×${n}`).join(', ') || '–';

const rows: (string | number)[][] = [];
const failures: string[] = [];
function check(bar: string, passed: boolean) {
  if (!passed) failures.push(bar);
  return passed ? 'yes' : '**no**';
}

// ---- 1. steady load ------------------------------------------------------------------------------------------

{
  const tally = newTally();
  const endAt = Date.now() + scale.loadSeconds * 1000;
  await runLoad(tally, () => Date.now() > endAt);
  const fiveHundreds = count5xx(tally);
  const missing = await missingWrites(tally.acknowledgedWrites);
  rows.push([
    `mixed load, ${scale.connections} connections, ${scale.loadSeconds} s`,
    tally.requests,
    fiveHundreds,
    describeMap(tally.statuses),
    describeMap(tally.networkErrors),
    `${tally.acknowledgedWrites.length} / ${tally.acknowledgedWrites.length - missing}`,
    `p50 ${percentile(tally.latenciesMs, 50).toFixed(0)} ms, p99 ${percentile(tally.latenciesMs, 99).toFixed(0)} ms`,
    check(
      'steady load: zero 5xx, no network errors, every acknowledged write present',
      fiveHundreds === 0 && tally.networkErrors.size === 0 && missing === 0,
    ),
  ]);
}

// ---- 2. the database goes away and comes back ----------------------------------------------------------------
// By default the proxy drops every connection and refuses new ones; with --pg-cluster the cluster itself stops.

const [clusterVersion, clusterName] = options['pg-cluster']?.split('/') ?? [];
const outage =
  clusterVersion && clusterName
    ? {
        how: `pg_ctlcluster ${clusterVersion} ${clusterName} stop/start`,
        begin: () =>
          Promise.resolve(
            void execFileSync('pg_ctlcluster', [clusterVersion, clusterName, 'stop', '--', '-m', 'fast']),
          ),
        end: () => Promise.resolve(void execFileSync('pg_ctlcluster', [clusterVersion, clusterName, 'start'])),
      }
    : { how: 'proxy cut', begin: () => proxy.cut(), end: () => proxy.restore() };

{
  const tally = newTally();
  let stop = false;
  const load = runLoad(tally, () => stop);
  await sleep(1_000);
  await outage.begin();
  const cutAt = Date.now();
  let readyReportedDownMs: number | undefined;
  while (Date.now() - cutAt < scale.outageSeconds * 1000) {
    const ready = await fetch(`${baseUrl}/api/ready`).catch(() => undefined);
    if (ready?.status === 503 && readyReportedDownMs === undefined) readyReportedDownMs = Date.now() - cutAt;
    await sleep(100);
  }
  const outageLatencies = [...tally.latenciesMs];
  await outage.end();
  const restoredAt = Date.now();
  // Recovered: a fresh read answers with data again.
  let recoveryMs: number | undefined;
  while (recoveryMs === undefined && Date.now() - restoredAt < 30_000) {
    const probe = newTally();
    await send(probe, credentials[0]!, 1);
    if (probe.ok) recoveryMs = Date.now() - restoredAt;
    else await sleep(50);
  }
  await sleep(1_000);
  stop = true;
  await load;
  const unexpectedStatuses = [...tally.statuses.keys()].filter((status) => status !== 200 && status !== 503);
  const missing = await missingWrites(tally.acknowledgedWrites);
  rows.push([
    `database unreachable for ${scale.outageSeconds} s under load (${outage.how})`,
    tally.requests,
    // 503 with retry-after is the answer while the database is gone; any other 5xx is a failure.
    `${count5xx(tally, [503])} (+ ${tally.statuses.get(503) ?? 0} × 503 while down)`,
    describeMap(tally.statuses),
    describeMap(tally.networkErrors),
    `${tally.acknowledgedWrites.length} / ${tally.acknowledgedWrites.length - missing}`,
    `p99 while down ${percentile(outageLatencies, 99).toFixed(0)} ms; ready=503 after ${readyReportedDownMs ?? '–'} ms; recovered ${recoveryMs ?? '> 30000'} ms after restore`,
    check(
      'outage: only 200s and 503s, /api/ready reports it, recovery ≤ 5 s, every acknowledged write present',
      unexpectedStatuses.length === 0 &&
        tally.networkErrors.size === 0 &&
        readyReportedDownMs !== undefined &&
        recoveryMs !== undefined &&
        recoveryMs <= recoveryBarMs &&
        missing === 0,
    ),
  ]);
}

// ---- 3. SIGTERM under load -----------------------------------------------------------------------------------
// The load arrives as through a load balancer that polls /api/ready every 100 ms and stops routing new requests
// to a server that reports itself not ready (what the drain period after SIGTERM is for).

{
  const tally = newTally();
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const { load, readinessProbe } = runLoadBehindBalancer(tally);
  await sleep(2_000);
  const inFlight =
    tally.requests - tally.latenciesMs.length - [...tally.networkErrors.values()].reduce((a, b) => a + b, 0);
  expectingExit = true;
  server.kill('SIGTERM');
  await load;
  const exitCode = await exited;
  clearInterval(readinessProbe);
  const missing = await missingWrites(tally.acknowledgedWrites);
  rows.push([
    `SIGTERM under load (${inFlight} requests in flight), behind a readiness-polling balancer`,
    tally.requests,
    count5xx(tally),
    describeMap(tally.statuses),
    describeMap(tally.networkErrors),
    `${tally.acknowledgedWrites.length} / ${tally.acknowledgedWrites.length - missing}`,
    `exit code ${exitCode}`,
    check(
      'SIGTERM: every request answered without a 5xx or a reset, exit 0, every acknowledged write present',
      exitCode === 0 && count5xx(tally) === 0 && tally.networkErrors.size === 0 && missing === 0,
    ),
  ]);
}

// ---- 4. the log pipe closed mid-load, then SIGTERM ----------------------------------------------------------------

{
  expectingExit = false;
  const piped = startServer({ logPipe: true });
  await waitUntilReady(60_000);
  const tally = newTally();
  const { load, readinessProbe } = runLoadBehindBalancer(tally);
  await sleep(1_000);
  // The log collector goes away: every write to the server's standard output fails with EPIPE from now on.
  piped.stdout!.destroy();
  await sleep(1_000);
  const exited = new Promise<number | null>((resolve) => piped.once('exit', resolve));
  expectingExit = true;
  const signalledAt = Date.now();
  piped.kill('SIGTERM');
  const deadlineMs = drainSeconds * 1000 + 20_000;
  const exitCode = await Promise.race([exited, sleep(deadlineMs).then(() => 'still running' as const)]);
  const exitMs = Date.now() - signalledAt;
  await load;
  clearInterval(readinessProbe);
  if (piped.exitCode === null) piped.kill('SIGKILL');
  const missing = await missingWrites(tally.acknowledgedWrites);
  rows.push([
    'log pipe closed by its reader mid-load, then SIGTERM',
    tally.requests,
    count5xx(tally),
    describeMap(tally.statuses),
    describeMap(tally.networkErrors),
    `${tally.acknowledgedWrites.length} / ${tally.acknowledgedWrites.length - missing}`,
    `exit code ${exitCode} after ${exitMs} ms`,
    check(
      `closed log pipe: exit 0 within the drain time plus 20 s (${deadlineMs} ms), no 5xx or reset, every acknowledged write present`,
      exitCode === 0 &&
        exitMs <= deadlineMs &&
        count5xx(tally) === 0 &&
        tally.networkErrors.size === 0 &&
        missing === 0,
    ),
  ]);
}

await database.close();
await proxy.close();
await administer(`drop database if exists ${databaseName} with (force)`);
if (server.exitCode === null) server.kill('SIGKILL');

printTable(
  'faults',
  `Load and faults (${options.scale === 'small' ? 'small' : 'full'} scale)`,
  ['phase', 'requests', '5xx', 'HTTP statuses', 'no answer', 'writes acknowledged / found', 'timing', 'bar met'],
  rows,
);
if (failures.length) {
  console.error(`Missed: ${failures.join('; ')}`);
  process.exit(1);
}
