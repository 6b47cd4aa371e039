import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { type DatabaseHandle, migrateDatabase, migrationsFolder, openDatabase } from '../db/client.js';

const silentLogger = pino({ level: 'silent' });

/**
 * A fresh, migrated database for one test: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close), so tests never share rows. Both start
 * from a migrated template made once per set of migrations (creating a cluster and migrating it for every
 * test file was most of the suite's time), so a new migration simply makes a new template.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return openDatabase({ kind: 'pglite', dataDir: 'memory', initialData: await pgliteTemplate() }, silentLogger);
  }

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

/** A digest of the migrations' names and contents: a template is reused only for the migrations it ran. */
async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(migrationsFolder, { recursive: true })).filter((file) => file.endsWith('.sql')).sort();
  for (const file of files) hash.update(file).update(await readFile(join(migrationsFolder, file)));
  hash.update(await readFile(join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

let pgliteTemplatePromise: Promise<Blob> | undefined;

/** The migrated embedded cluster as a data directory image, cached on disk across test files and runs. */
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplatePromise ??= (async () => {
    const directory = join(tmpdir(), 'dxp-test-templates');
    // The image's format is the embedded database's own, so its version is part of the name.
    const { version } = JSON.parse(await readFile(await pglitePackageJson(), 'utf8')) as { version: string };
    const file = join(directory, `pglite-${version}-${await migrationsDigest()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, silentLogger);
      await migrateDatabase(handle);
      const image = await handle.dumpDataDir!();
      await handle.close();
      await mkdir(directory, { recursive: true });
      // Written aside and renamed, so a test file running beside this one never reads half an image.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await image.arrayBuffer()));
      await rename(partial, file);
      return image;
    }
  })();
  return pgliteTemplatePromise;
}

/** The embedded database's package.json (its `exports` map does not list it). */
async function pglitePackageJson(): Promise<string> {
  let directory = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (basename(directory) !== 'pglite') directory = dirname(directory);
  return join(directory, 'package.json');
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

async function withServerClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
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
