// The cost of live events (docs/performance.md, "Live events"): one process holds 1,000 open streams of
// GET /api/live; its memory per stream is printed, then notifications are written at 50 a second and the delay
// from each write to its event on a stream is measured. The streams are read by a child process, so the
// server's memory is its own. `npm run bench:live` (embedded database; DATABASE_URL and REDIS_URL are honoured).
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { createAccessTokens } from '../apps/server/src/auth/access-tokens.js';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createNotification } from '../apps/server/src/modules/notifications/notifications.service.js';
import { createTestDatabase } from '../apps/server/src/test/database.js';
import { insertTestUser } from '../apps/server/src/test/users.js';

const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    client: { type: 'string' },
  },
});

if (options.client) await runClient(options.client);
else await runServer();

/** The child: opens one stream per token and reports each notification's delay (its message carries the write time). */
async function runClient(baseUrl: string): Promise<void> {
  const tokens = await new Promise<string[]>((resolve) =>
    process.once('message', (message) => resolve(message as string[])),
  );
  let ready = 0;
  const delays: number[] = [];
  // In batches: a thousand sign-in checks at once would queue past the database pool's wait limit.
  const open = async (token: string) => {
    const response = await fetch(`${baseUrl}/api/live`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (block.includes('event: ready') && ++ready === tokens.length) process.send!({ ready });
          const sentAt = /"message":"written (\d+)"/.exec(block)?.[1];
          if (sentAt) delays.push(Date.now() - Number(sentAt));
        }
      }
    })();
  };
  for (let index = 0; index < tokens.length; index += 50) await Promise.all(tokens.slice(index, index + 50).map(open));
  process.on('message', (message) => {
    if (message === 'report') process.send!({ delays });
  });
}

async function runServer(): Promise<void> {
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
  const child = fork(new URL(import.meta.url).pathname, ['--client', baseUrl], {
    execArgv: process.execArgv,
    stdio: 'inherit',
  });
  const messages: unknown[] = [];
  const nextMessage = () =>
    new Promise<unknown>((resolve) => {
      if (messages.length) return resolve(messages.shift());
      child.once('message', resolve);
    });
  child.send(people.map((person) => person.token));
  await nextMessage();
  const after = memory();
  const perConnection = (key: 'rss' | 'heapUsed') => (after[key] - before[key]) / connections / 1024;
  console.log(`${connections} open streams held by one process`);
  console.log(
    `  memory per stream: ${perConnection('rss').toFixed(1)} KiB resident, ${perConnection('heapUsed').toFixed(1)} KiB heap` +
      `${globalThis.gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
  );

  const writes = rate * seconds;
  const started = Date.now();
  for (let index = 0; index < writes; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const person = people[Math.floor(Math.random() * people.length)]!;
    void createNotification(db, { userId: person.userId, type: 'TeamInvite', message: `written ${Date.now()}` });
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  child.send('report');
  const { delays } = (await nextMessage()) as { delays: number[] };
  delays.sort((a, b) => a - b);
  const at = (share: number) => delays[Math.min(delays.length - 1, Math.floor(share * delays.length))] ?? NaN;
  console.log(
    `${writes} notifications at ${rate} writes/s over ${seconds} s (${database.kind}, ${delays.length} received)`,
  );
  console.log(
    `  delay from write to event: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  child.kill();
  await app.close();
  await database.close();
}
