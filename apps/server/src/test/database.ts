import { randomBytes } from 'node:crypto';
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
