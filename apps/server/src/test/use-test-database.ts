import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './database.js';

/**
 * `createTestDatabase()` for the tests of a file or `describe`: the hooks create it before them and close it after,
 * so the handle returned here is filled in by the time a test reads `database.db`.
 */
export function useTestDatabase(): DatabaseHandle {
  const database = {} as DatabaseHandle;
  beforeAll(async () => {
    Object.assign(database, await createTestDatabase());
  });
  afterAll(async () => {
    await database.close();
  });
  return database;
}
