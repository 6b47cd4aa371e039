import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import {
  type DatabaseHandle,
  type EmbeddedClient,
  embeddedDatabaseHandle,
  migrateDatabase,
  openDatabase,
  startEmbeddedDatabase,
} from '../db/client.js';
import { ensureEmbeddedTemplate, migrationsDigest } from '../db/embedded-template.js';
import { LEASED_DATABASE_PREFIX, TEST_RUN_VARIABLE, withServerClient } from './test-run.js';

const silentLogger = pino({ level: 'silent' });
let pgliteTemplate: Promise<ArrayBuffer> | undefined;

/**
 * A fresh, migrated database for one test: an in-memory PGlite by default, or a database on the PostgreSQL server
 * named by DATABASE_URL, so tests never share rows. Both start from a migrated template made once per set of
 * migrations (creating a cluster and migrating it for every test file was most of the suite's time), so a new
 * migration simply makes a new template. A database a test file has closed is emptied and given to the next file of
 * the same process, unless the file changed its schema; after `close()` the handle refuses every query.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return leaseEmbeddedDatabase();
  const run = process.env[TEST_RUN_VARIABLE];
  // Outside a Vitest run (a bench) nothing would drop a database kept for reuse: each is dropped on close.
  return run ? leasePostgresDatabase(serverUrl, run) : createPostgresDatabase(serverUrl);
}

async function createPostgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const template = await postgresTemplate(serverUrl);
  const databaseName = `dxp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withServerClient(serverUrl, (admin) => admin.query(`create database ${databaseName} template ${template}`));
  const handle = await openDatabase(
    { kind: 'postgres', url: databaseUrl(serverUrl, databaseName), poolSize: 10 },
    silentLogger,
  );
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withServerClient(serverUrl, (cleanup) =>
        cleanup.query(`drop database if exists ${databaseName} with (force)`),
      );
    },
  };
}

/** PostgreSQL databases that earlier test files of this process closed, each reset to the template's state. */
const resetPostgresDatabases: string[] = [];

/**
 * A PostgreSQL database in the template's state, as `leaseEmbeddedDatabase` below: copying the template and dropping
 * the copy cost the server several times a reset (docs/performance.md). The run's global teardown drops them all.
 */
async function leasePostgresDatabase(serverUrl: string, run: string): Promise<DatabaseHandle> {
  let databaseName = resetPostgresDatabases.pop();
  if (!databaseName) {
    const template = await postgresTemplate(serverUrl);
    databaseName = `${LEASED_DATABASE_PREFIX}${run}_${process.pid}_${randomBytes(4).toString('hex')}`;
    const created = databaseName;
    await withServerClient(serverUrl, (admin) => admin.query(`create database ${created} template ${template}`));
    templateCatalog ??= withServerClient(databaseUrl(serverUrl, created), readTemplateCatalog);
    await templateCatalog;
  }
  const leased = databaseName;
  const handle = await openDatabase(
    { kind: 'postgres', url: databaseUrl(serverUrl, leased), poolSize: 10 },
    silentLogger,
  );
  let closed = false;
  return {
    ...handle,
    // Closing the pool is what makes the handle refuse further queries.
    close: async () => {
      if (closed) return;
      closed = true;
      await handle.close();
      const reset = await withServerClient(databaseUrl(serverUrl, leased), async (client) => {
        // A connection the file opened itself (a listener, a replica) must not write into the next file's rows.
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        return resetToTemplate(client);
      }).catch(() => false);
      if (reset) resetPostgresDatabases.push(leased);
      else await withServerClient(serverUrl, (admin) => admin.query(`drop database if exists ${leased} with (force)`));
    },
  };
}

/** Embedded databases that earlier test files of this process closed, each reset to the template's state. */
const resetEmbeddedDatabases: EmbeddedClient[] = [];
/** What the template holds besides rows (see `catalogFingerprint`), read from the first database this process opens. */
let templateCatalog: Promise<{ fingerprint: string; tables: string[] }> | undefined;

/**
 * An embedded database in the template's state: one that an earlier test file of this process closed and that was
 * reset, else a new one. Opening one unpacks the template's image into PGlite's in-memory file system, several times
 * the work of a reset (docs/performance.md). After `close()` the handle refuses every query, so a file's late work (a
 * timer, a request still answering) can never reach the next file's rows.
 */
async function leaseEmbeddedDatabase(): Promise<DatabaseHandle> {
  let client = resetEmbeddedDatabases.pop();
  if (!client) {
    pgliteTemplate ??= ensureEmbeddedTemplate().then((image) => image.arrayBuffer());
    const templateBytes = await pgliteTemplate;
    client = await startEmbeddedDatabase(undefined, () => Promise.resolve(new TemplateImage(templateBytes)));
    templateCatalog ??= readTemplateCatalog(client);
    await templateCatalog;
  }
  const leased = client;
  let closed = false;
  const guarded = new Proxy(leased, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (closed) throw new Error('this test database was closed');
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return embeddedDatabaseHandle(guarded, async () => {
    if (closed) return;
    closed = true;
    if (await resetToTemplate(leased)) resetEmbeddedDatabases.push(leased);
    else await leased.close();
  });
}

/** The one database client method the reset needs: PGlite's and node-postgres' both have it. */
interface SqlSession {
  query<Row extends Record<string, unknown>>(text: string): Promise<{ rows: Row[] }>;
}

async function readTemplateCatalog(fresh: SqlSession): Promise<{ fingerprint: string; tables: string[] }> {
  const tables = await fresh.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public'`,
  );
  return { fingerprint: await catalogFingerprint(fresh), tables: tables.rows.map((row) => row.name) };
}

/**
 * Empties every table and ends the session's state (settings, locks); true when the database is then as the template
 * was, false when the file changed more than rows (a dropped constraint, a renamed table, a new trigger…) or left it
 * unusable, so the database is closed instead of reused.
 */
async function resetToTemplate(client: SqlSession): Promise<boolean> {
  try {
    const template = await templateCatalog!;
    await client.query('discard all');
    await client.query(
      `truncate table ${template.tables.map((name) => `"${name}"`).join(', ')} restart identity cascade`,
    );
    return (await catalogFingerprint(client)) === template.fingerprint;
  } catch {
    return false;
  }
}

/** A digest of the schema objects a test file could change: relations, columns, indexes, constraints, triggers, functions, migrations. */
async function catalogFingerprint(client: SqlSession): Promise<string> {
  const result = await client.query<{ fingerprint: string }>(`
    select md5(string_agg(entry, '|' order by entry)) as fingerprint from (
      select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text as entry
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')
      union all
      select 'column ' || a.attrelid::regclass || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
          || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
      union all
      select 'index ' || pg_get_indexdef(i.indexrelid)
        from pg_index i join pg_class c on c.oid = i.indrelid where c.relnamespace = 'public'::regnamespace
      union all
      select 'constraint ' || conrelid::regclass || '.' || conname || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select 'trigger ' || tgrelid::regclass || '.' || tgname || ' ' || tgenabled::text
        from pg_trigger where not tgisinternal
          and tgrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
      union all
      select 'function ' || oid::regprocedure from pg_proc where pronamespace = 'public'::regnamespace
      union all
      select 'migrations ' || count(*) || ' ' || coalesce(max(hash), '') from drizzle.__drizzle_migrations
    ) catalog`);
  return result.rows[0]!.fingerprint;
}

/**
 * The template image as PGlite reads it (it only asks the Blob for its bytes), served from bytes kept in memory:
 * Node's own Blob reads its contents back in small chunks and joins them, at every database's start. The databases
 * of a process share the bytes: PGlite unpacks the image by copying each file into its own file system and keeps
 * no reference to it (its MEMFS copies a file's first write unless told it may own the buffer).
 */
class TemplateImage extends Blob {
  constructor(private readonly templateBytes: ArrayBuffer) {
    super([]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.templateBytes);
  }
}

/** Arbitrary constant: one test process at a time builds a missing PostgreSQL template. */
const TEMPLATE_LOCK_ID = 7_419_004;
let postgresTemplatePromise: Promise<string> | undefined;

/** The name of a migrated template database on the server, built by the first test process that needs it. */
function postgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplatePromise ??= (async () => {
    const name = `dxp_template_${await migrationsDigest()}`;
    await withServerClient(serverUrl, async (admin) => {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
      try {
        const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (existing.rowCount) return;
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const handle = await openDatabase(
          { kind: 'postgres', url: databaseUrl(serverUrl, building), poolSize: 1 },
          silentLogger,
        );
        await migrateDatabase(handle);
        await handle.close();
        await admin.query(`alter database ${building} rename to ${name}`);
        // Templates of older migration sets are not needed again.
        const stale = await admin.query<{ datname: string }>(
          "select datname from pg_database where datname like 'dxp\\_template\\_%' and datname <> $1",
          [name],
        );
        for (const { datname } of stale.rows) {
          // Not forced: a test run of another checkout may still be copying it.
          await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
        }
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
      }
    });
    return name;
  })();
  return postgresTemplatePromise;
}

function databaseUrl(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/**
 * A digest of every row of every table, so a test can prove a refused call changed nothing, including in
 * tables it does not know of.
 */
export async function databaseDigest(db: DatabaseHandle['db']): Promise<Record<string, string>> {
  const tables = (await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as { rows: { name: string }[] };
  // One statement for every table: a test that takes a digest around each call made hundreds of round trips.
  const perTable = tables.rows.map(
    ({ name }) =>
      sql`select ${name}::text as name, (select md5(coalesce(string_agg(row_text, '|' order by row_text), '')) from (select t::text as row_text from ${sql.identifier(name)} t) rows) as digest`,
  );
  if (perTable.length === 0) return {};
  const result = (await db.execute<{ name: string; digest: string }>(sql.join(perTable, sql` union all `))) as {
    rows: { name: string; digest: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}
