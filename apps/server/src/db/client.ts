import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import { skipObjectRowTemplateOfArrayRows } from './array-row-fields.js';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services accept either, so callers can compose them in one transaction. */
export type DatabaseExecutor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** PostgreSQL cancels a statement that runs longer (a lock wait included): a request fails, it never hangs. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize: number; statementTimeoutMs?: number }
  | {
      kind: 'pglite';
      /** A directory, or `'memory'` for a database that lives and dies with the process. */
      dataDir: string;
      /** A data directory image (`dumpDataDir`) a new cluster starts from instead of an empty one. */
      initialData?: () => Promise<Blob | undefined>;
    };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseOptions['kind'];
  /** PostgreSQL's connection string, for a connection outside the pool (LISTEN holds one of its own). */
  url?: string;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's data directory as an image (PGlite only). */
  dumpDataDir?: () => Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Arbitrary constant: serialises migrations when several replicas start at once. */
const MIGRATION_LOCK_ID = 7_419_003;

export async function openDatabase(options: DatabaseOptions, logger: Logger): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    skipObjectRowTemplateOfArrayRows();
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: statementTimeoutMs,
      // Named statements stay planned for each execution's values: a plan generic over every team suits a
      // 15-member team, not a 10,000-member one (the team-members page ran at half speed with it). A startup
      // parameter (PostgreSQL 12 or later), so no connection runs a statement of its own first.
      options: '-c plan_cache_mode=force_custom_plan',
      // The client's own limit, for a server that no longer answers at all.
      query_timeout: statementTimeoutMs + 5_000,
      application_name: 'dxp-portal',
    });
    // A connection lost while idle in the pool, or between the statements of a checked-out client (a
    // transaction), is reported as an 'error' event; unheard, it would crash the process. The statement
    // that needed it fails on its own and the pool replaces the connection.
    pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection failed'));
    pool.on('connect', (client) => {
      client.on('error', (error) => logger.warn({ err: error }, 'database connection lost'));
    });
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  let dataDir: string | undefined;
  let unlock = () => {};
  if (options.dataDir !== 'memory') {
    await mkdir(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
    dataDir = `${options.dataDir.replace(/\/+$/, '')}/pglite`;
  }
  let client: EmbeddedClient;
  try {
    client = await startEmbeddedDatabase(dataDir, options.initialData);
  } catch (error) {
    unlock();
    throw error;
  }
  return embeddedDatabaseHandle(client, async () => {
    await client.close();
    unlock();
  });
}

export type EmbeddedClient = Awaited<ReturnType<typeof startEmbeddedDatabase>>;

/** The handle over a started embedded database; `close` is what closing the handle does. */
export async function embeddedDatabaseHandle(
  client: EmbeddedClient,
  close: () => Promise<void>,
): Promise<DatabaseHandle> {
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close,
    dumpDataDir: async () => client.dumpDataDir('none'),
  };
}

/** PGlite on `dataDir` (in memory when undefined), a new cluster starting from `initialData`'s image. */
export async function startEmbeddedDatabase(
  dataDir: string | undefined,
  image: (() => Promise<Blob | undefined>) | undefined,
) {
  // The embedded database's code is loaded only when it is used: a replica on PostgreSQL never needs it.
  const { PGlite } = await import('@electric-sql/pglite');
  const isNewCluster = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const initialData = isNewCluster ? await image?.() : undefined;
  const startParams = [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])];
  let client = new PGlite({ dataDir, startParams, ...(initialData && { loadDataDir: initialData }) });
  await client.waitReady;
  if (initialData && dataDir) {
    // Unpacking the image grew the heap by its size, for good: a new instance on the written files starts small.
    await client.close();
    client = new PGlite({ dataDir, startParams });
    await client.waitReady;
  }
  return client;
}

/**
 * The embedded database's memory: its buffers live in the process's WebAssembly heap, which grows and is never
 * given back, while the operating system's page cache still holds the files. PostgreSQL's default of 128 MB of
 * shared buffers cost about 170 MB of resident memory (docs/performance.md).
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB'];

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  await handle.db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migratePostgres(transaction as never, { migrationsFolder });
  });
}

/** True once every migration shipped with this build has been applied. */
export async function isMigrated(handle: Pick<DatabaseHandle, 'db'>): Promise<boolean> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const expected = readMigrationFiles({ migrationsFolder }).length;
  try {
    const result = (await handle.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as {
      rows: { count: number }[];
    };
    return (result.rows[0]?.count ?? 0) >= expected;
  } catch {
    return false;
  }
}
