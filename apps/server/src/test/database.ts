import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../db/client.js';

const silentLogger = pino({ level: 'silent' });

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (dropped again on close), so tests never share rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, silentLogger);
    await migrateDatabase(handle);
    return handle;
  }

  const databaseName = `dxp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 }, silentLogger);
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${databaseName} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A digest of every row of every table, so a test can prove a refused call changed nothing, including in
 * tables it does not know of.
 */
export async function databaseDigest(db: DatabaseHandle['db']): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const digest: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(
      sql`select md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as digest from (select t::text as row_text from ${sql.identifier(name)} t) rows`,
    )) as unknown as { rows: { digest: string }[] };
    digest[name] = result.rows[0]!.digest;
  }
  return digest;
}
