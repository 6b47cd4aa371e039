import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real application on a fresh database, for `app.inject()` or a real listening port. */
export async function createTestApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3999', ...environment });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
