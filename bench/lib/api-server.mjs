// @ts-check
// The real portal (buildApp from the built server in apps/server/dist, on the configured database) in a child
// process of the benchmark, with every SQL statement counted by a wrapper around node-postgres' `Client.query`
// (the pool's connections are Clients, so transactions are counted too). The parent talks to it over IPC.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { buildApp } from '../../apps/server/dist/app.js';
import { createAccessTokens } from '../../apps/server/dist/auth/access-tokens.js';
import { createSession } from '../../apps/server/dist/auth/sessions.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { migrateDatabase, openDatabase } from '../../apps/server/dist/db/client.js';
import { limitHeapGrowth } from '../../apps/server/dist/heap-growth.js';
import { createLogger } from '../../apps/server/dist/logger.js';
import { findUserByEmail, findUserById } from '../../apps/server/dist/modules/users/users.service.js';
import { answerParent, countStatements } from './statement-counter.mjs';

const statements = countStatements(pg.Client.prototype);
// As apps/server's main does.
limitHeapGrowth();

const config = loadConfig();
const logger = createLogger(config);
const database = await openDatabase(
  config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: config.database.dataDir },
  logger,
);
await migrateDatabase(database);
const app = await buildApp({ config, database, logger });
await app.listen({ port: config.port, host: '127.0.0.1' });
const accessTokens = await createAccessTokens(database.db, config);

/** @type {Session | undefined} */
let profiler;

/** A token of a fresh session, as a sign-in issues (every request checks its session). @param {string} userId */
const tokenFor = async (userId) => {
  const user = await findUserById(database.db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  const session = await createSession(database.db, { userId, identityIssuer: user.identityIssuer, userAgent: 'bench' });
  return (await accessTokens.issue({ userId, sessionId: session.id })).accessToken;
};

answerParent(statements, {
  token: (/** @type {{ userId: string }} */ message) => tokenFor(message.userId),
  'token-for-email': async (/** @type {{ email: string }} */ message) => {
    const user = await findUserByEmail(database.db, message.email);
    return user ? tokenFor(user.id) : null;
  },
  record: () => {
    statements.startRecording();
    return null;
  },
  recorded: () => statements.stopRecording(),
  // A CPU profile of what happens between the two messages, so start-up and warm-up stay out of it.
  'profile-start': async () => {
    profiler ??= new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    return null;
  },
  'profile-stop': async (/** @type {{ path: string }} */ message) => {
    if (!profiler) return null;
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    writeFileSync(message.path, JSON.stringify(profile));
    return null;
  },
});

// A clean exit on the parent's SIGTERM: the pool's connections are closed, not dropped.
process.once('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
