// The cost of live events (docs/performance.md, "Live events"; docs/decisions/0128), `npm run bench:live`:
//  (a) one process holds 1,000 open streams of GET /api/live: its memory per stream;
//  (b) notifications are written at 50 a second for random people among them: the delay from each write to its
//      event on a stream (p50/p99), on the embedded database (in-process bus), and, when DATABASE_URL names a
//      PostgreSQL server, on PostgreSQL through LISTEN/NOTIFY and, when REDIS_URL is set too, through Redis;
//  (c) with --api-database-url (a database seeded by `npm run bench:seed`), the API benchmark's reads with 1,000
//      streams open on the portal, beside the same portal without streams and the bare baseline (bench/api.ts
//      --live-streams), the 0.7× bar marked.
// Each configuration of (a)/(b) runs in a fresh process of its own (its memory is then its own), and the
// streams are read by another (bench/lib/live-streams.mjs).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/15 npm run bench:live \
//     [-- --connections 1000 --rate 50 --seconds 10 --only embedded,postgres,redis --api-database-url postgres://…/dxp_bench]
import { fork, spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { createAccessTokens } from '../apps/server/src/auth/access-tokens.js';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createNotification } from '../apps/server/src/modules/notifications/notifications.service.js';
import { createTestDatabase } from '../apps/server/src/test/database.js';
import { insertTestUser } from '../apps/server/src/test/users.js';
import { printTable } from './lib/report.js';

const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string', default: 'embedded,postgres,redis' },
    'api-database-url': { type: 'string' },
    // Internal: one configuration, run by the parent in a process of its own.
    measure: { type: 'boolean', default: false },
  },
});

/** What one configuration measured. */
interface Measured {
  database: string;
  bus: string;
  connections: number;
  rssPerStreamKiB: number;
  heapPerStreamKiB: number;
  writes: number;
  received: number;
  rate: number;
  seconds: number;
  delay: { p50: number; p99: number; max: number };
  write: { p50: number; p99: number };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

if (options.measure) await measure();
else await main();

async function main(): Promise<void> {
  const configurations = [
    { name: 'embedded', label: 'embedded database, in-process', environment: { DATABASE_URL: '', REDIS_URL: '' } },
    ...(process.env.DATABASE_URL
      ? [{ name: 'postgres', label: 'PostgreSQL, LISTEN/NOTIFY', environment: { REDIS_URL: '' } }]
      : []),
    ...(process.env.DATABASE_URL && process.env.REDIS_URL
      ? [{ name: 'redis', label: 'PostgreSQL, Redis pub/sub', environment: {} }]
      : []),
  ].filter((configuration) => options.only.split(',').includes(configuration.name));
  const loadBefore = loadavg()[0]!;
  const rows: (string | number)[][] = [];
  for (const configuration of configurations) {
    console.log(`\n${configuration.label}…`);
    const child = fork(fileURLToPath(import.meta.url), [...process.argv.slice(2), '--measure'], {
      env: { ...process.env, ...configuration.environment },
      execArgv: process.execArgv,
      stdio: 'inherit',
    });
    const measured = await new Promise<Measured>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Measured));
      child.once('exit', (code) => reject(new Error(`${configuration.label}: exited with ${code}`)));
    });
    child.kill();
    rows.push([
      configuration.label,
      measured.connections,
      `${measured.rssPerStreamKiB.toFixed(1)} / ${measured.heapPerStreamKiB.toFixed(1)}`,
      `${measured.writes} at ${measured.rate}/s over ${measured.seconds} s`,
      measured.received,
      `${measured.delay.p50} / ${measured.delay.p99} / ${measured.delay.max}`,
      `${measured.write.p50} / ${measured.write.p99}`,
    ]);
  }
  if (rows.length) {
    printTable(
      'live',
      `Live events: ${cpus().length} cores, load average ${loadBefore.toFixed(1)} before and ${loadavg()[0]!.toFixed(1)} after`,
      [
        'database, bus',
        'open streams',
        'KiB per stream: resident / heap',
        'notifications written',
        'events received',
        'write → event ms: p50 / p99 / max',
        'write alone ms: p50 / p99',
      ],
      rows,
    );
  }

  // (c) The API benchmark's reads with the streams open on the portal (bench/api.ts prints and keeps its report).
  const apiDatabaseUrl = options['api-database-url'];
  if (apiDatabaseUrl) {
    const api = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./api.ts', import.meta.url)),
        '--live-streams',
        options.connections,
        '--connections',
        '50',
      ],
      { env: { ...process.env, DATABASE_URL: apiDatabaseUrl, REDIS_URL: '' }, stdio: 'inherit' },
    );
    const code = await new Promise<number | null>((resolve) => api.once('exit', resolve));
    if (code !== 0) process.exit(code ?? 1);
  } else {
    console.log('\n(c) not run: pass --api-database-url with a database seeded by `npm run bench:seed`.');
  }
}

/** One configuration: the database and bus the environment names, in this process. */
async function measure(): Promise<void> {
  const connections = Number(options.connections);
  const rate = Number(options.rate);
  const seconds = Number(options.seconds);
  const logger = pino({ level: 'warn' });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3999',
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = database;
  const accessTokens = await createAccessTokens(db, config);
  const people: { userId: string; token: string }[] = [];
  for (let index = 0; index < connections; index++) {
    const user = await insertTestUser(db, {});
    const session = await createSession(db, { userId: user.id, identityIssuer: user.identityIssuer });
    const { accessToken } = await accessTokens.issue({ userId: user.id, sessionId: session.id });
    people.push({ userId: user.id, token: accessToken });
  }

  const memory = () => {
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    return { rss, heapUsed };
  };
  const before = memory();
  const holder = fork(fileURLToPath(new URL('./lib/live-streams.mjs', import.meta.url)), [], {
    execArgv: [],
    stdio: 'inherit',
  });
  const nextMessage = () => new Promise<unknown>((resolve) => holder.once('message', resolve));
  const ready = nextMessage();
  holder.send({ url: baseUrl, tokens: people.map((person) => person.token) });
  await ready;
  const after = memory();
  const perStream = (key: 'rss' | 'heapUsed') => (after[key] - before[key]) / connections / 1024;
  console.log(
    `  ${connections} open streams: ${perStream('rss').toFixed(1)} KiB resident, ${perStream('heapUsed').toFixed(1)} KiB heap per stream` +
      `${globalThis.gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
  );

  // 50 independent writes a second, as that many requests would make them: none waits for the one before.
  const writes = rate * seconds;
  const writeTimes: number[] = [];
  const pending: Promise<void>[] = [];
  const started = Date.now();
  for (let index = 0; index < writes; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const person = people[Math.floor(Math.random() * people.length)]!;
    const writtenAt = Date.now();
    pending.push(
      createNotification(db, { userId: person.userId, type: 'TeamInvite', message: `written ${writtenAt}` }).then(
        () => void writeTimes.push(Date.now() - writtenAt),
      ),
    );
  }
  await Promise.all(pending);
  // The last events are on their way; a second more than any write took lets them arrive.
  await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.max(0, ...writeTimes)));
  const report = nextMessage();
  holder.send('report');
  const { delays } = (await report) as { delays: number[] };
  delays.sort((a, b) => a - b);
  writeTimes.sort((a, b) => a - b);
  const measured: Measured = {
    database: database.kind,
    bus: config.redisUrl ? 'redis' : database.kind === 'postgres' ? 'postgres' : 'in-process',
    connections,
    rssPerStreamKiB: perStream('rss'),
    heapPerStreamKiB: perStream('heapUsed'),
    writes,
    received: delays.length,
    rate,
    seconds,
    delay: { p50: percentile(delays, 0.5), p99: percentile(delays, 0.99), max: percentile(delays, 1) },
    write: { p50: percentile(writeTimes, 0.5), p99: percentile(writeTimes, 0.99) },
  };
  console.log(
    `  ${writes} notifications at ${rate}/s (${measured.bus} bus, ${delays.length} received): write → event p50 ${measured.delay.p50} ms, p99 ${measured.delay.p99} ms, max ${measured.delay.max} ms; the write alone p50 ${measured.write.p50} ms, p99 ${measured.write.p99} ms`,
  );
  holder.kill();
  await app.close();
  await database.close();
  process.send!(measured);
}
