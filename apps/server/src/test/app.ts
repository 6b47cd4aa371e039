import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
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

export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** A logger at level info whose lines a test can read (pass it to `createTestApp`). */
export function createCapturingLogger(): { logger: Logger; logLines: LogLine[] } {
  const logLines: LogLine[] = [];
  const stream = new Writable({
    write: (chunk, _encoding, done) => {
      logLines.push(JSON.parse(String(chunk)) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), logLines };
}

/** The real application on a fresh database, for `app.inject()` or a real listening port. */
export async function createTestApp(
  environment: Record<string, string> = {},
  { logger = pino({ level: 'silent' }) }: { logger?: Logger } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3999',
    ...environment,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger });
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
