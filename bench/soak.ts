// `npm run bench:soak -- --minutes 60 [--rate 40] [--data-dir ./.bench-soak]`: the embedded default (the built
// server's main.js on PGlite in a data directory, as `npm start` runs it) under the API benchmark's mix of
// operations at a moderate rate for that long. Prints the server's resident memory idle after its start, every
// ten minutes under the load, and idle again after the load stops (the bar: ≤ 300 MB idle, docs/performance.md).
// Without --data-dir, a new data directory is seeded at the small scale first (a few minutes) and removed after.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type pg from 'pg';
import { createAccessTokens } from '../apps/server/src/auth/access-tokens.js';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.js';
import { createLogger } from '../apps/server/src/logger.js';
import { findUserById } from '../apps/server/src/modules/users/users.service.js';
import { graphqlRequest } from './lib/graphql-load.js';
import { hotOperations, loadFixtures, type Operation } from './lib/operations.js';
import { printTable } from './lib/report.js';

const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    // Requests per second across all connections: a busy portal's day, not the saturation the API bench measures.
    rate: { type: 'string', default: '40' },
    connections: { type: 'string', default: '4' },
    'report-every': { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    // Another build's main.js: a copy of apps/server/dist beside it (apps/server/dist-soak, ignored by git), so a
    // rebuild during the hour leaves the running server's files alone. It finds the migrations and the web app by
    // their places relative to apps/server.
    'server-main': { type: 'string' },
  },
});
const minutes = Number(options.minutes);
const rate = Number(options.rate);
const connections = Number(options.connections);
const reportEveryMinutes = Number(options['report-every']);
/** Each operation in turn for this long, so every one runs many times within a report interval. */
const sliceSeconds = 10;
/** The portal gives back its garbage at its first quiet look, a second after it is ready and every 10 s after. */
const IDLE_SETTLE_MS = 5_000;

const bench = fileURLToPath(new URL('.', import.meta.url));
const serverMain = options['server-main']
  ? resolve(process.env.INIT_CWD ?? process.cwd(), options['server-main'])
  : fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const port = 4300 + Math.floor(Math.random() * 500);
const givenDataDir = options['data-dir'] && resolve(process.env.INIT_CWD ?? process.cwd(), options['data-dir']);
const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'dxp-soak-'));
const serverEnvironment: Record<string, string> = {
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The tokens are issued once, before the server starts, and must outlive the run.
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  // The seeded log reaches back ten months; the daily prune must not start deleting it mid-run.
  EVENT_LOG_RETENTION_DAYS: '36500',
  // One bench user writes far faster than a person; the per-person mutation limit is not what is measured.
  MUTATION_RATE_LIMIT_PER_MINUTE: '1000000000',
};

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

if (!givenDataDir) {
  console.log(`Seeding ${dataDir} at the small scale…`);
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(bench, 'seed.ts'), '--scale', 'small'], {
    cwd: bench,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

// Fixtures and tokens from the data directory while the server is not running (only one process may open it).
Object.assign(process.env, serverEnvironment);
const config = loadConfig();
const database = await openDatabase({ kind: 'pglite', dataDir }, createLogger({ ...config, logLevel: 'silent' }));
await migrateDatabase(database);
const embedded = (database.db as unknown as { $client: { query(text: string, values?: unknown[]): unknown } }).$client;
const fixtures = await loadFixtures(
  { query: (text: string, values?: unknown[]) => embedded.query(text, values) } as unknown as pg.Client,
  [100_000],
);
const accessTokens = await createAccessTokens(database.db, config);
const tokenFor = async (userId: string) => {
  const user = await findUserById(database.db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  const session = await createSession(database.db, { userId, identityIssuer: user.identityIssuer, userAgent: 'bench' });
  return (await accessTokens.issue({ userId, sessionId: session.id })).accessToken;
};
const tokens = { member: await tokenFor(fixtures.memberUserId), admin: await tokenFor(fixtures.adminUserId) };
await database.close();

const operations: Operation[] = hotOperations(fixtures);
const server = spawn(process.execPath, [serverMain], {
  env: { ...process.env, ...serverEnvironment },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => server.kill('SIGTERM'));
// The load generator yields the cores to the server and to other work on the machine; the server keeps its priority.
setPriority(10);
const startedAt = performance.now();
for (;;) {
  if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
  const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) break;
  if (performance.now() - startedAt > 120_000) throw new Error('the server was not ready within 120 s');
  await sleep(50);
}
const pid = server.pid!;
const readyAt = performance.now();
await sleep(IDLE_SETTLE_MS);
const rows: string[][] = [];
let requests = 0;
let failures = 0;
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, residentMegabytes(pid));
}, 2_000);
const record = (what: string) => {
  const minute = ((performance.now() - readyAt) / 60_000).toFixed(1);
  const resident = residentMegabytes(pid);
  peak = Math.max(peak, resident);
  rows.push([
    what,
    minute,
    requests.toLocaleString('en'),
    String(failures),
    `${resident.toFixed(0)} MB`,
    `${peak.toFixed(0)} MB`,
  ]);
  console.log(rows.at(-1)!.join(' | '));
};
record('idle 5 s after ready');
await sleep(25_000);
record('idle 30 s after ready');
const loadStartedAt = performance.now();

/** One operation for a slice at the capped rate; failures are counted, not thrown, so the hour runs on. */
async function slice(operation: Operation) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/graphql`,
    connections,
    overallRate: rate,
    duration: sliceSeconds,
    ...graphqlRequest(operation, tokens[operation.persona]),
  });
  requests += result.requests.total;
  const failed = result.errors + result.timeouts + result.non2xx + result.mismatches;
  if (failed > 0 && failures === 0) console.error(`${operation.label}: ${failed} failed requests`);
  failures += failed;
}

const endAt = loadStartedAt + minutes * 60_000;
let nextReport = loadStartedAt + reportEveryMinutes * 60_000;
for (let turn = 0; performance.now() < endAt; turn++) {
  await slice(operations[turn % operations.length]!);
  if (performance.now() >= nextReport) {
    record('under load');
    nextReport += reportEveryMinutes * 60_000;
  }
}
record('load stopped');
await sleep(30_000);
record('idle 30 s after the load');
await sleep(90_000);
record('idle 2 min after the load');

clearInterval(sampler);
printTable(
  'soak',
  `The embedded default under the API mix for ${minutes} min at ≤ ${rate} req/s (${connections} connections; ${operations.length} operations in turn, ${sliceSeconds} s each; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end)`,
  ['when', 'minutes after ready', 'requests so far', 'failed', 'server RSS (goal idle ≤ 300 MB)', 'peak RSS so far'],
  rows,
);
server.kill('SIGTERM');
await new Promise((done) => server.once('exit', done));
if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
