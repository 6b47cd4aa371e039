// The real portal (buildApp on the configured database) in a child process of the benchmark, with every
// SQL statement counted by a wrapper around node-postgres' `Client.query` (the pool's connections are
// Clients, so transactions are counted too). The parent talks to it over IPC.
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { createAccessTokens } from '../../apps/server/src/auth/access-tokens.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { migrateDatabase, openDatabase } from '../../apps/server/src/db/client.js';
import { createLogger } from '../../apps/server/src/logger.js';
import { findUserByEmail } from '../../apps/server/src/modules/users/users.service.js';
import { countStatements } from './statement-counter.js';

const statements = countStatements(pg.Client.prototype);

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

process.on('message', async (message: { id: number; type: string; userId?: string; email?: string }) => {
  const answer = (value: unknown) => process.send!({ id: message.id, value });
  switch (message.type) {
    case 'token':
      answer((await accessTokens.issue(message.userId!)).accessToken);
      break;
    case 'token-for-email': {
      const user = await findUserByEmail(database.db, message.email!);
      answer(user ? (await accessTokens.issue(user.id)).accessToken : null);
      break;
    }
    case 'record':
      statements.startRecording();
      answer(null);
      break;
    case 'recorded':
      answer(statements.stopRecording());
      break;
    case 'count':
      answer(statements.count());
      break;
    case 'exit':
      await app.close();
      await database.close();
      process.exit(0);
      break;
    case 'rss':
      answer(process.memoryUsage().rss);
      break;
  }
});
process.send!({ id: 0, value: 'ready' });
