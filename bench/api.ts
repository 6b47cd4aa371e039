// `npm run bench`: the hot API operations under autocannon on a seeded PostgreSQL, each beside a bare
// node:http + pg server running the same statements and answering the same JSON.
//   DATABASE_URL=postgres://…/dxp_bench npm run bench [-- --duration 5 --warmup 8 --pglite-data-dir ./.bench-pglite]
// With --live-streams 1000, a second portal on the same database holds that many open live streams
// (GET /api/live, docs/decisions/0128) and each read is measured on it too, beside the portal without streams
// and the baseline (the 0.7× bar with the streams open; `npm run bench:live` runs it so).
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { type BenchChild, type RecordedStatement, startChild } from './lib/child-process.js';
import { graphqlRequest } from './lib/graphql-load.js';
import { benchBookmarkName, type Fixtures, hotOperations, loadFixtures, type Operation } from './lib/operations.js';
import { benchUsers } from './lib/seed-shape.js';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '8' },
    connections: { type: 'string', default: '1,50' },
    'pglite-data-dir': { type: 'string' },
    only: { type: 'string' },
    // Writes a V8 CPU profile of the portal's process per measured cell here (open it in Chrome's DevTools).
    'cpu-prof-dir': { type: 'string' },
    'live-streams': { type: 'string', default: '0' },
  },
});
const duration = Number(options.duration);
const warmupSeconds = Number(options.warmup);
const connectionCounts = options.connections.split(',').map(Number);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error(
    'Set DATABASE_URL to a PostgreSQL database seeded with `npm run bench:seed`, e.g. postgres://postgres@127.0.0.1:5432/dxp_bench',
  );
  process.exit(64);
}
const deepPageDepths = [100_000, 1_000_000];
/** Fewer answers than this in a cell make its ratio noise. */
const minimumAnswers = 50;
const apiPort = 3700 + Math.floor(Math.random() * 100);
const barePort = apiPort + 100;
const pglitePort = apiPort + 200;
const livePort = apiPort + 300;
const liveStreams = Number(options['live-streams']);

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** The server process's CPU time (user + system) per answered request, in microseconds. */
  cpuPerRequest: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** One server under one autocannon run. */
interface Target {
  server: BenchChild;
  url: string;
}

/** What one autocannon run answered. */
interface Run {
  requests: number;
  seconds: number;
  latencies: number[];
  cpuMicroseconds: number;
}

/** autocannon on one target; any error, non-2xx or body the operation refuses fails the run. */
async function run(
  target: Target,
  operation: Operation,
  token: string,
  connections: number,
  seconds: number,
): Promise<Run> {
  const latencies: number[] = [];
  const cpuBefore = await target.server.ask<NodeJS.CpuUsage>('cpu');
  const instance = autocannon({
    url: target.url,
    connections,
    duration: seconds,
    ...graphqlRequest(operation, token),
  });
  // autocannon's own histogram has whole milliseconds; keep the exact response times instead.
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  const cpuAfter = await target.server.ask<NodeJS.CpuUsage>('cpu');
  const failures = result.errors + result.timeouts + result.non2xx + result.mismatches;
  if (failures > 0) {
    throw new Error(
      `${operation.label} at ${target.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx, ${result.mismatches} refused bodies`,
    );
  }
  return {
    requests: result.requests.total,
    seconds: result.duration,
    latencies,
    cpuMicroseconds: cpuAfter.user - cpuBefore.user + cpuAfter.system - cpuBefore.system,
  };
}

function summarize(runs: Run[]): Measurement {
  const requests = runs.reduce((sum, measured) => sum + measured.requests, 0);
  const seconds = runs.reduce((sum, measured) => sum + measured.seconds, 0);
  const latencies = runs.flatMap((measured) => measured.latencies).sort((a, b) => a - b);
  return {
    requestsPerSecond: requests / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    requests,
    cpuPerRequest: runs.reduce((sum, measured) => sum + measured.cpuMicroseconds, 0) / Math.max(1, requests),
  };
}

/**
 * The portal and the baseline under the same load in alternating one-second slices (the order flipping each
 * time) until each has run `seconds`. On shared cores the machine's speed drifts by a fifth within a minute; run
 * back to back, the two halves of a cell would carry that drift into their ratio. The server's CPU time per
 * request is what the machine's cores and other work change least, so it shows a cost more steadily than
 * requests/s.
 */
async function measurePair(api: Target, bare: Target, operation: Operation, token: string, connections: number) {
  const runs = { api: [] as Run[], bare: [] as Run[] };
  for (let slice = 0; slice < duration; slice++) {
    const order = slice % 2 === 0 ? (['api', 'bare'] as const) : (['bare', 'api'] as const);
    for (const side of order) runs[side].push(await run(side === 'api' ? api : bare, operation, token, connections, 1));
  }
  return { api: summarize(runs.api), bare: summarize(runs.bare) };
}

/**
 * As `measurePair`, with a third server: the portal holding the open live streams. The three take turns in
 * one-second slices, the order rotating each slice, so the machine's drift reaches all three alike.
 */
async function measureWithStreams(
  api: Target,
  bare: Target,
  live: Target,
  operation: Operation,
  token: string,
  connections: number,
) {
  const targets = { api, bare, live };
  const runs = { api: [] as Run[], bare: [] as Run[], live: [] as Run[] };
  const sides = ['api', 'bare', 'live'] as const;
  for (let slice = 0; slice < duration; slice++) {
    for (let turn = 0; turn < sides.length; turn++) {
      const side = sides[(slice + turn) % sides.length]!;
      runs[side].push(await run(targets[side], operation, token, connections, 1));
    }
  }
  return { api: summarize(runs.api), bare: summarize(runs.bare), live: summarize(runs.live) };
}

/** No answer within the run (every request still waiting when it ended) has no latency to show. */
const latencyText = (measured: Measurement) =>
  measured.requests === 0 ? 'no answer in time' : `${measured.p50.toFixed(2)} / ${measured.p99.toFixed(2)}`;

async function post(url: string, operation: Operation, token: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: operation.query,
      variables: operation.variables,
      operationName: operation.operationName,
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown },
  };
}

/** Sends the operation once to the portal, recording its statements. */
async function probe(api: BenchChild, operation: Operation, token: string) {
  await api.ask('record');
  const response = await post(`http://127.0.0.1:${apiPort}/graphql`, operation, token);
  const recorded = await api.ask<RecordedStatement[]>('recorded');
  return { ...response, recorded };
}

/** The mutation's new id differs on every call; everything else must match. */
const withoutNewIds = (body: unknown): unknown =>
  JSON.parse(JSON.stringify(body).replace(/"id":"[0-9a-f-]{36}"/g, '"id":"…"'));

// The portal as production runs it: the built server (apps/server/dist), rebuilt from the sources first.
const build = spawnSync(process.execPath, [fileURLToPath(new URL('../scripts/build-server.mjs', import.meta.url))], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const loadBefore = loadavg()[0]!;
const database = new pg.Client({ connectionString: databaseUrl });
await database.connect();
const fixtures: Fixtures = await loadFixtures(database, deepPageDepths);
const serverEnvironment = {
  PORT: String(apiPort),
  PUBLIC_URL: `http://localhost:${apiPort}`,
  NODE_ENV: 'production',
  // The bench sends its own documents with user tokens, not the web client's (the check is one SHA-256 per request).
  GRAPHQL_TRUSTED_DOCUMENTS: 'off',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // The seeded log reaches back ten months; the daily prune must not start deleting it mid-run.
  EVENT_LOG_RETENTION_DAYS: '36500',
  // One bench user writes far faster than a person; the per-person mutation limit is not what is measured.
  MUTATION_RATE_LIMIT_PER_MINUTE: '1000000000',
};
const serverModule = fileURLToPath(new URL('./lib/api-server.mjs', import.meta.url));
const profileDirectory =
  options['cpu-prof-dir'] && resolve(process.env.INIT_CWD ?? process.cwd(), options['cpu-prof-dir']);
if (profileDirectory) mkdirSync(profileDirectory, { recursive: true });
const api = await startChild(serverModule, { ...serverEnvironment, DATABASE_URL: databaseUrl });
const bare = await startChild(fileURLToPath(new URL('./lib/bare-server.mjs', import.meta.url)), {
  PORT: String(barePort),
  PUBLIC_URL: serverEnvironment.PUBLIC_URL,
  DATABASE_URL: databaseUrl,
});
const children = [api, bare];
process.on('exit', () => children.forEach((child) => child.process.kill('SIGTERM')));

/**
 * The portal with the open streams: a replica of `api` (same database and PUBLIC_URL, so the load's tokens
 * work on both), its streams held by another process (bench/lib/live-streams.mjs) for seeded people.
 */
async function startPortalWithStreams() {
  const live = await startChild(serverModule, {
    ...serverEnvironment,
    DATABASE_URL: databaseUrl!,
    PORT: String(livePort),
  });
  children.push(live);
  const people = await database.query<{ id: string }>(`select id from users where id <> all($1) order by id limit $2`, [
    [fixtures.memberUserId, fixtures.adminUserId],
    liveStreams,
  ]);
  if (people.rows.length < liveStreams) throw new Error(`only ${people.rows.length} people for ${liveStreams} streams`);
  const tokens: string[] = [];
  for (const { id } of people.rows) tokens.push(await live.ask<string>('token', { userId: id }));
  const rssBefore = await live.ask<number>('rss');
  const holder = fork(fileURLToPath(new URL('./lib/live-streams.mjs', import.meta.url)), [], { stdio: 'inherit' });
  process.on('exit', () => holder.kill());
  const ready = new Promise((resolve, reject) => {
    holder.once('message', resolve);
    holder.once('exit', (code) => reject(new Error(`the stream holder exited with ${code}`)));
  });
  holder.send({ url: `http://127.0.0.1:${livePort}`, tokens });
  await ready;
  const rssAfter = await live.ask<number>('rss');
  console.log(
    `${liveStreams} live streams open on the second portal (${((rssAfter - rssBefore) / liveStreams / 1024).toFixed(1)} KiB resident each)`,
  );
  return { live, holder, userIds: people.rows.map((row) => row.id), rssBefore, rssAfter };
}

try {
  const tokens = {
    member: await api.ask<string>('token', { userId: fixtures.memberUserId }),
    admin: await api.ask<string>('token', { userId: fixtures.adminUserId }),
  };
  const notes: string[] = [];

  // 1. Each operation once: the portal's answer is checked, its statements recorded and handed to the baseline,
  //    whose answer must be the same JSON.
  // `pageStatements`: what the operation itself sent, beyond the lookup of the token's user.
  const operations: { operation: Operation; statements: number; pageStatements: number; path: string }[] = [];
  for (const [index, operation] of hotOperations(fixtures).entries()) {
    if (options.only && !operation.label.includes(options.only)) continue;
    const token = tokens[operation.persona];
    const answer = await probe(api, operation, token);
    if (JSON.stringify(answer.body.errors ?? '').includes('Cannot query field')) {
      notes.push(`${operation.label}: not measured, the API has no such field yet.`);
      continue;
    }
    if (answer.status !== 200 || !operation.verify(answer.body)) {
      throw new Error(`${operation.label}: unexpected answer ${JSON.stringify(answer.body).slice(0, 500)}`);
    }
    const path = `/operation/${index}`;
    await bare.ask('route', { path, operationName: operation.operationName, recorded: answer.recorded });
    const baseline = await post(`http://127.0.0.1:${barePort}${path}`, operation, token);
    const same = operation.isMutation
      ? isDeepStrictEqual(withoutNewIds(baseline.body), withoutNewIds(answer.body))
      : isDeepStrictEqual(baseline.body, answer.body);
    if (!same) {
      throw new Error(
        `${operation.label}: the baseline answers differently:\n${JSON.stringify(baseline.body).slice(0, 800)}\n${JSON.stringify(answer.body).slice(0, 800)}`,
      );
    }
    const pageStatements = answer.recorded.filter((statement) => statement.name !== 'find_session_user').length;
    operations.push({ operation, statements: answer.recorded.length, pageStatements, path });
  }

  // 2. Statement counts must not grow with the page.
  const pageSizeRows: string[][] = [];
  const small = hotOperations(fixtures, 10);
  const large = hotOperations(fixtures, 100);
  for (const [index, operation] of small.entries()) {
    if (operation.label === 'GetMyHomepage' || !operations.some((entry) => entry.operation.label === operation.label))
      continue;
    const counts = [];
    for (const sized of [operation, large[index]!]) {
      const answer = await probe(api, sized, tokens[sized.persona]);
      if (!sized.verify(answer.body))
        throw new Error(`${sized.label} first=${String(sized.variables.first)}: unexpected answer`);
      counts.push(answer.recorded.length);
    }
    pageSizeRows.push([
      operation.label,
      String(counts[0]),
      String(counts[1]),
      counts[0] === counts[1] ? 'yes' : '**no**',
    ]);
  }

  // 3. Load: a warm-up at the busiest concurrency, then each connection count on the portal and the baseline
  //    (and, with --live-streams, each read on the portal holding the streams too).
  const withStreams = liveStreams > 0 ? await startPortalWithStreams() : undefined;
  const liveRows: string[][] = [];
  const rows: string[][] = [];
  const results = new Map<string, { api: Measurement; bare: Measurement; live?: Measurement }>();
  let peakRss = 0;
  for (const { operation, statements, path } of operations) {
    const token = tokens[operation.persona];
    const apiTarget = { server: api, url: `http://127.0.0.1:${apiPort}/graphql` };
    const bareTarget = { server: bare, url: `http://127.0.0.1:${barePort}${path}` };
    const liveTarget =
      withStreams && !operation.isMutation
        ? { server: withStreams.live, url: `http://127.0.0.1:${livePort}/graphql` }
        : undefined;
    // V8 compiles a server's hot code while it runs: the portal's first ten seconds under load cost up to
    // twice what a server that has been up for an hour spends per request (docs/performance.md).
    for (const target of [apiTarget, bareTarget, ...(liveTarget ? [liveTarget] : [])])
      await run(target, operation, token, Math.max(...connectionCounts), warmupSeconds);
    for (const connections of connectionCounts) {
      if (profileDirectory) await api.ask('profile-start');
      const measured: { api: Measurement; bare: Measurement; live?: Measurement } = liveTarget
        ? await measureWithStreams(apiTarget, bareTarget, liveTarget, operation, token, connections)
        : await measurePair(apiTarget, bareTarget, operation, token, connections);
      if (profileDirectory) {
        await api.ask('profile-stop', {
          path: `${profileDirectory}/${operation.label.replace(/\W+/g, '-')}-${connections}.cpuprofile`,
        });
      }
      const { api: measuredApi, bare: measuredBare } = measured;
      if (connections >= 50) peakRss = Math.max(peakRss, await api.ask<number>('rss'));
      const measuredLive = measured.live;
      results.set(`${operation.label}@${connections}`, { api: measuredApi, bare: measuredBare, live: measuredLive });
      const ratio = measuredApi.requestsPerSecond / measuredBare.requestsPerSecond;
      if (measuredLive) {
        const liveRatio = measuredLive.requestsPerSecond / measuredBare.requestsPerSecond;
        liveRows.push([
          operation.label,
          String(connections),
          measuredApi.requestsPerSecond.toFixed(0),
          measuredLive.requestsPerSecond.toFixed(0),
          `${latencyText(measuredApi)} → ${latencyText(measuredLive)}`,
          measuredBare.requestsPerSecond.toFixed(0),
          Number.isFinite(liveRatio) && liveRatio > 0 ? `${liveRatio.toFixed(2)}×` : '—',
          `${(measuredLive.requestsPerSecond / measuredApi.requestsPerSecond).toFixed(2)}×`,
        ]);
        console.log(`with ${liveStreams} streams | ${liveRows.at(-1)!.join(' | ')}`);
      }
      rows.push([
        operation.label,
        String(connections),
        measuredApi.requestsPerSecond.toFixed(0),
        latencyText(measuredApi),
        measuredBare.requestsPerSecond.toFixed(0),
        latencyText(measuredBare),
        Number.isFinite(ratio) && ratio > 0 ? `${ratio.toFixed(2)}×` : '—',
        `${measuredApi.cpuPerRequest.toFixed(0)} / ${measuredBare.cpuPerRequest.toFixed(0)}`,
        String(statements),
      ]);
      console.log(rows.at(-1)!.join(' | '));
    }
  }
  const rssAfter = await api.ask<number>('rss');
  const liveRssAfter = withStreams ? await withStreams.live.ask<number>('rss') : undefined;
  if (withStreams) {
    withStreams.holder.kill();
    await withStreams.live.stop();
  }

  // 3b. The session check (docs/decisions/0117-server-side-sessions.md): every request reads its user joined to its
  //     session. On the baseline, the portal's own statement beside the user lookup it replaced, under the same load.
  const sessionCheckRows: string[][] = [];
  const getMe: Operation = {
    label: 'GetMe',
    operationName: 'GetMe',
    persona: 'member',
    query: 'query GetMe { me { id } }',
    variables: {},
    verify: (body) => typeof (body.data?.me as { id?: unknown } | undefined)?.id === 'string',
  };
  if (!options.only || 'GetMe'.includes(options.only)) {
    const probed = await probe(api, getMe, tokens.member);
    const joined = probed.recorded.filter((statement) => statement.name === 'find_session_user');
    if (joined.length !== 1)
      throw new Error(`GetMe: expected one find_session_user, got ${JSON.stringify(probed.recorded)}`);
    await bare.ask('route', { path: '/session-check/joined', operationName: 'GetMe', recorded: joined });
    await bare.ask('route', {
      path: '/session-check/user-only',
      operationName: 'GetMe',
      recorded: [
        {
          ...joined[0]!,
          name: 'bench_find_user_only',
          text: 'select * from "users" where "users"."id" = $1',
          values: [fixtures.memberUserId],
        },
      ],
    });
    const joinedTarget = { server: bare, url: `http://127.0.0.1:${barePort}/session-check/joined` };
    const userOnlyTarget = { server: bare, url: `http://127.0.0.1:${barePort}/session-check/user-only` };
    for (const target of [joinedTarget, userOnlyTarget])
      await run(target, getMe, tokens.member, Math.max(...connectionCounts), warmupSeconds);
    for (const connections of connectionCounts) {
      const { api: withSession, bare: userOnly } = await measurePair(
        joinedTarget,
        userOnlyTarget,
        getMe,
        tokens.member,
        connections,
      );
      sessionCheckRows.push([
        String(connections),
        `${userOnly.requestsPerSecond.toFixed(0)} → ${withSession.requestsPerSecond.toFixed(0)}`,
        `${latencyText(userOnly)} → ${latencyText(withSession)}`,
        `${(1_000_000 / withSession.requestsPerSecond - 1_000_000 / userOnly.requestsPerSecond).toFixed(0)} µs`,
        `${(withSession.requestsPerSecond / userOnly.requestsPerSecond).toFixed(2)}×`,
      ]);
      console.log(`session check | ${sessionCheckRows.at(-1)!.join(' | ')}`);
    }
  }

  // 4. The deepest page by OFFSET, as the baseline would have to without keyset paging.
  const offsetRows: string[][] = [];
  const deepest = Math.max(...fixtures.eventLogCursors.keys());
  const firstPage = operations.find((entry) => entry.operation.label === 'GetEventLogs first page');
  let offsetP50: number | undefined;
  if (firstPage && Number.isFinite(deepest)) {
    const answer = await probe(api, firstPage.operation, tokens.admin);
    const recorded = answer.recorded.map((statement) =>
      // Unnamed: the portal's prepared statement of that name has the text without OFFSET.
      /from "event_logs"/.test(statement.text)
        ? { ...statement, name: undefined, text: `${statement.text} offset ${deepest}` }
        : statement,
    );
    await bare.ask('route', { path: '/offset', operationName: 'GetEventLogs', recorded });
    const offsetOperation = {
      ...firstPage.operation,
      label: `GetEventLogs ${deepest.toLocaleString('en')} deep by OFFSET`,
    };
    const offsetTarget = { server: bare, url: `http://127.0.0.1:${barePort}/offset` };
    const measured = summarize([await run(offsetTarget, offsetOperation, tokens.admin, 1, Math.max(duration, 5))]);
    offsetP50 = measured.p50;
    offsetRows.push([offsetOperation.label, '1', measured.requestsPerSecond.toFixed(1), latencyText(measured)]);
  }

  // 5. PGlite: the dashboard on the embedded database.
  let pgliteP50: number | undefined;
  if (options['pglite-data-dir']) {
    await api.stop();
    const pglite = await startChild(serverModule, {
      ...serverEnvironment,
      PORT: String(pglitePort),
      PUBLIC_URL: `http://localhost:${pglitePort}`,
      DATABASE_URL: '',
      DATA_DIR: resolve(process.env.INIT_CWD ?? process.cwd(), options['pglite-data-dir']),
    });
    children.push(pglite);
    const homepage = hotOperations(fixtures)[0]!;
    const member = (await pglite.ask<string | null>('token-for-email', { email: benchUsers.member.email }))!;
    const url = `http://127.0.0.1:${pglitePort}/graphql`;
    const first = await post(url, homepage, member);
    const expected = first.body.data?.myHomepage as { teams: unknown[]; bookmarks: unknown[] } | undefined;
    if (!expected || first.body.errors)
      throw new Error(`PGlite GetMyHomepage: ${JSON.stringify(first.body).slice(0, 300)}`);
    const onPglite: Operation = {
      ...homepage,
      verify: (body) => {
        const homepageBody = body.data?.myHomepage as typeof expected;
        return (
          body.errors === undefined &&
          homepageBody?.teams.length === expected.teams.length &&
          homepageBody.bookmarks.length === expected.bookmarks.length
        );
      },
    };
    const pgliteTarget = { server: pglite, url };
    await run(pgliteTarget, onPglite, member, 1, warmupSeconds);
    const measured = summarize([await run(pgliteTarget, onPglite, member, 1, duration)]);
    pgliteP50 = measured.p50;
    offsetRows.push([
      `GetMyHomepage on PGlite (${expected.teams.length} teams, ${expected.bookmarks.length} bookmarks)`,
      '1',
      measured.requestsPerSecond.toFixed(0),
      latencyText(measured),
    ]);
    await pglite.stop();
  }

  // 6. Tidy up what the mutation wrote, so the next run sees the same data.
  await database.query(`delete from bookmarks where owner_user_id = $1 and name = $2`, [
    fixtures.adminUserId,
    benchBookmarkName,
  ]);
  await database.query(
    `delete from event_logs where event_type = 'bookmark.saved' and user_id = $1 and payload->>'name' = $2`,
    [fixtures.adminUserId, benchBookmarkName],
  );

  if (withStreams) {
    // The streams' sessions, so the seeded data stays as it was.
    await database.query(`delete from sessions where user_id = any($1) and user_agent = 'bench'`, [
      withStreams.userIds,
    ]);
  }

  // 7. The bars of docs/performance.md.
  const at = (label: string, connections: number) => results.get(`${label}@${connections}`);
  const bars: string[][] = [];
  const verdict = (passes: boolean | undefined) =>
    passes === undefined ? 'not measured' : passes ? 'pass' : '**FAIL**';
  for (const { operation } of operations) {
    if (operation.isMutation) continue;
    const measured = at(operation.label, 50);
    // A side that answered only a handful of requests in the run (the machine saturated) judges nothing.
    const isJudgeable = measured && Math.min(measured.api.requests, measured.bare.requests) >= minimumAnswers;
    const ratio =
      measured && measured.bare.requests > 0
        ? measured.api.requestsPerSecond / measured.bare.requestsPerSecond
        : undefined;
    bars.push([
      `${operation.label}: ≥ 0.7× baseline req/s at 50 connections`,
      ratio
        ? `${ratio.toFixed(2)}×${isJudgeable ? '' : ` (only ${Math.min(measured!.api.requests, measured!.bare.requests)} answers)`}`
        : '—',
      isJudgeable ? verdict(ratio! >= 0.7) : 'not judged',
    ]);
    if (measured?.live) {
      const liveRatio =
        measured.bare.requests > 0 ? measured.live.requestsPerSecond / measured.bare.requestsPerSecond : undefined;
      const liveAnswers = Math.min(measured.live.requests, measured.bare.requests);
      bars.push([
        `${operation.label}: ≥ 0.7× baseline req/s at 50 connections with ${liveStreams.toLocaleString('en')} live streams open`,
        liveRatio
          ? `${liveRatio.toFixed(2)}×${liveAnswers >= minimumAnswers ? '' : ` (only ${liveAnswers} answers)`}`
          : '—',
        liveAnswers >= minimumAnswers && liveRatio ? verdict(liveRatio >= 0.7) : 'not judged',
      ]);
    }
  }
  for (const row of pageSizeRows)
    bars.push([
      `${row[0]}: same statements at first=10 and first=100`,
      `${row[1]} / ${row[2]}`,
      verdict(row[1] === row[2]),
    ]);
  for (const { operation, pageStatements } of operations.filter(
    (entry) => entry.operation.operationName === 'GetAllApplications',
  )) {
    bars.push([
      `#4 ${operation.label}: one SQL statement per page (beyond the token's user)`,
      String(pageStatements),
      verdict(pageStatements === 1),
    ]);
  }
  const firstP50 = at('GetEventLogs first page', 1)?.api.p50;
  for (const [depth, limit, issue] of [
    [100_000, 2, '#6'],
    [1_000_000, 1.5, '#7'],
  ] as const) {
    const deepP50 = at(`GetEventLogs ${depth.toLocaleString('en')} rows deep`, 1)?.api.p50;
    const factor = deepP50 && firstP50 ? deepP50 / firstP50 : undefined;
    bars.push([
      `${issue} GetEventLogs ${depth.toLocaleString('en')} deep: p50 within ${limit}× of page 1 (1 connection)`,
      factor
        ? `${factor.toFixed(2)}×`
        : fixtures.eventLogCursors.has(depth)
          ? '—'
          : `not measured (the log has ${fixtures.eventLogCount.toLocaleString('en')} rows)`,
      verdict(factor ? factor <= limit : undefined),
    ]);
  }
  const deepestP50 = at(`GetEventLogs ${deepest.toLocaleString('en')} rows deep`, 1)?.api.p50;
  const offsetFactor = offsetP50 && deepestP50 ? offsetP50 / deepestP50 : undefined;
  bars.push([
    `GetEventLogs ${Number.isFinite(deepest) ? deepest.toLocaleString('en') : '—'} deep: keyset ≥ 10× faster than OFFSET (p50)`,
    offsetFactor ? `${offsetFactor.toFixed(1)}×` : '—',
    verdict(offsetFactor ? offsetFactor >= 10 : undefined),
  ]);
  const postgresHomepageP50 = at('GetMyHomepage', 1)?.api.p50;
  const pgliteFactor = pgliteP50 && postgresHomepageP50 ? pgliteP50 / postgresHomepageP50 : undefined;
  bars.push([
    'PGlite GetMyHomepage p50 within 3× of PostgreSQL (1 connection)',
    pgliteFactor ? `${pgliteFactor.toFixed(2)}×` : 'not measured (pass --pglite-data-dir)',
    verdict(pgliteFactor ? pgliteFactor <= 3 : undefined),
  ]);
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  bars.push([
    'Server RSS < 250 MB after the 50-connection runs',
    `${megabytes(rssAfter)} (peak ${megabytes(peakRss)})`,
    verdict(rssAfter < 250 * 1024 * 1024 && peakRss < 250 * 1024 * 1024),
  ]);

  const table = (header: string[], body: string[][]) =>
    [
      `| ${header.join(' | ')} |`,
      `| ${header.map(() => '---').join(' | ')} |`,
      ...body.map((row) => `| ${row.join(' | ')} |`),
    ].join('\n');
  const scaleNote = `Data: ${fixtures.eventLogCount.toLocaleString('en')} event-log rows, a team of ${fixtures.bigTeamMemberCount.toLocaleString('en')} members, a dashboard of ${fixtures.homepageTeamCount} teams, ${fixtures.homepageBookmarkCount} bookmarks and ${fixtures.homepageApplicationCount} applications. ${warmupSeconds} s of warm-up per operation and server, then ${duration} s per server and cell in alternating one-second slices, LOG_LEVEL=${serverEnvironment.LOG_LEVEL}, NODE_ENV=production, pool of 10 connections on both sides. Machine: ${cpus().length} cores, load average ${loadBefore.toFixed(1)} before and ${loadavg()[0]!.toFixed(1)} after the run (other work on the machine skews every figure).`;
  const report = [
    '## API under load: portal vs bare node:http + pg running the same statements',
    '',
    scaleNote,
    '',
    table(
      [
        'operation',
        'conn.',
        'API req/s',
        'API p50 / p99 ms',
        'bare req/s',
        'bare p50 / p99 ms',
        'API / bare',
        'server CPU µs per request, API / bare',
        'SQL per request',
      ],
      rows,
    ),
    '',
    ...(withStreams
      ? [
          `## Reads with ${liveStreams.toLocaleString('en')} live streams open on the portal`,
          '',
          `A second portal on the same database holds ${liveStreams.toLocaleString('en')} open streams of GET /api/live (for as many seeded people, read by another process); its resident memory went from ${(withStreams.rssBefore / 1024 / 1024).toFixed(0)} MB to ${(withStreams.rssAfter / 1024 / 1024).toFixed(0)} MB when they opened, ${(liveRssAfter! / 1024 / 1024).toFixed(0)} MB after the runs. The portal without streams, the one with them and the baseline took turns in one-second slices.`,
          '',
          table(
            [
              'operation',
              'conn.',
              'API req/s without streams',
              'API req/s with streams',
              'API p50 / p99 ms: without → with',
              'bare req/s',
              'with streams / bare',
              'with / without',
            ],
            liveRows,
          ),
          '',
        ]
      : []),
    '## The session check per request (bare server: the user alone, then joined to its session)',
    '',
    table(
      [
        'conn.',
        'req/s: user → user + session',
        'p50 / p99 ms: user → user + session',
        'time per request added',
        'ratio',
      ],
      sessionCheckRows,
    ),
    '',
    '## Statements per request by page size',
    '',
    table(['operation', 'first=10', 'first=100', 'constant'], pageSizeRows),
    '',
    '## Reference runs',
    '',
    table(['what', 'conn.', 'req/s', 'p50 / p99 ms'], offsetRows),
    '',
    '## Bars',
    '',
    table(['bar', 'measured', 'verdict'], bars),
    '',
    ...notes.map((note) => `- ${note}`),
  ].join('\n');
  console.log(`\n${report}`);
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}latest.md`, `${report}\n\n_measured ${new Date().toISOString()}_\n`);
} finally {
  await Promise.all(children.map((child) => child.stop()));
  await database.end();
}
