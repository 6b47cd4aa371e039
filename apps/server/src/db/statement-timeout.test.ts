import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATEMENT_TIMEOUT_MS, type DatabaseHandle, openDatabase } from './client.js';

const serverUrl = process.env.DATABASE_URL;
const silentLogger = pino({ level: 'silent' });
/** Short, so the test is quick; production keeps the default. */
const STATEMENT_TIMEOUT_MS = 500;

/** The driver's error behind drizzle's "Failed query" wrapper. */
function driverErrorOf(error: unknown): { code?: string; message?: string } {
  return ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };
}

// PGlite runs in this process, one statement at a time, with no timeouts to speak of: PostgreSQL only.
describe.skipIf(!serverUrl)('API4:2023, ASVS V13.2.6 – statement timeouts on the PostgreSQL pool', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase(
      { kind: 'postgres', url: serverUrl!, poolSize: 2, statementTimeoutMs: STATEMENT_TIMEOUT_MS },
      silentLogger,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  it('cancels a statement that runs past the timeout with a clear error, and the pool keeps answering', async () => {
    const startedAt = performance.now();
    const error = await database.db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    const elapsedMs = performance.now() - startedAt;
    expect(driverErrorOf(error)).toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    expect(elapsedMs).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 50);
    expect(elapsedMs).toBeLessThan(3_000);
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('cancels a statement waiting for a lock held elsewhere; its transaction ends and the connection returns clean', async () => {
    const lockKey = Math.floor(Math.random() * 1_000_000_000);
    const holder = new pg.Client({ connectionString: serverUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [lockKey]);
      const startedAt = performance.now();
      const error = await database.db
        .transaction(async (transaction) => {
          await transaction.execute(sql`select pg_advisory_xact_lock(${lockKey})`);
        })
        .then(
          () => undefined,
          (failure: unknown) => failure,
        );
      expect(driverErrorOf(error).code).toBe('57014');
      expect(performance.now() - startedAt).toBeLessThan(3_000);
    } finally {
      await holder.end();
    }
    // The connection went back to the pool clean: no transaction left open on it.
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = (await database.db.execute(sql`select now() = statement_timestamp() as outside_transaction`)) as {
        rows: { outside_transaction: boolean }[];
      };
      expect(result.rows[0]!.outside_transaction).toBe(true);
    }
  });

  it(`is ${DEFAULT_STATEMENT_TIMEOUT_MS / 1000} s unless the pool is given another`, async () => {
    const defaults = await openDatabase({ kind: 'postgres', url: serverUrl!, poolSize: 1 }, silentLogger);
    try {
      const result = (await defaults.db.execute(sql`show statement_timeout`)) as {
        rows: { statement_timeout: string }[];
      };
      expect(result.rows[0]!.statement_timeout).toBe(`${DEFAULT_STATEMENT_TIMEOUT_MS / 1000}s`);
    } finally {
      await defaults.close();
    }
  });
});
