// @ts-check
// The real portal (buildApp from the built server in apps/server/dist, on the configured database) in a child
// process of the benchmark, with every SQL statement counted by a wrapper around node-postgres' `Client.query`
// (the pool's connections are Clients, so transactions are counted too). The parent talks to it over IPC.
import pg from 'pg';
import { buildApp } from '../../apps/server/dist/app.js';
import { createAccessTokens } from '../../apps/server/dist/auth/access-tokens.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { migrateDatabase, openDatabase } from '../../apps/server/dist/db/client.js';
import { limitHeapGrowth } from '../../apps/server/dist/heap-growth.js';
import { createLogger } from '../../apps/server/dist/logger.js';
import { findUserByEmail } from '../../apps/server/dist/modules/users/users.service.js';
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

/** @param {string} userId */
const tokenFor = async (userId) => (await accessTokens.issue(userId)).accessToken;

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
});

// A clean exit on the parent's SIGTERM, so `--cpu-prof` (when the bench asks for a profile) gets written.
process.once('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
