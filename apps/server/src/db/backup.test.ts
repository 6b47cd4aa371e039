import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToPostgresCommand, parseCommand, UsageError } from '../cli.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, databaseDigest } from '../test/database.js';
import {
  BackupError,
  countRows,
  listTables,
  queryRows,
  readBackupHeader,
  restoreBackup,
  writeBackup,
} from './backup.js';
import { type DatabaseHandle, migrateDatabase, migrationsFolder, openDatabase } from './client.js';
import { ensureEmbeddedTemplate } from './embedded-template.js';

let directory: string;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'dxp-backup-'));
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await rm(directory, { recursive: true, force: true });
});

async function database(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  handles.push(handle);
  return handle;
}

/** A database whose schema is that of the first `count` migrations, as an older version of the portal left it. */
async function databaseAtMigration(count: number): Promise<DatabaseHandle> {
  const handle = await database();
  await handle.db.execute(sql`drop schema public cascade`);
  await handle.db.execute(sql`create schema public`);
  await handle.db.execute(sql`drop schema drizzle cascade`);
  await handle.db.execute(sql`create schema drizzle`);
  // The migrator's own table and rows, as drizzle-orm writes them.
  await handle.db.execute(
    sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of readMigrationFiles({ migrationsFolder }).slice(0, count)) {
    for (const statement of migration.sql) await handle.db.execute(sql.raw(statement));
    await handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
  return handle;
}

async function migrationCount(handle: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    handle.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row!.count;
}

type Column = { name: string; type: string; nullable: boolean; hasDefault: boolean };

/** A value of the column's type, different per row number so unique indexes hold. */
function valueFor(column: Column, row: number, checks: string[]): ReturnType<typeof sql> {
  // Values the table's check constraints ask for: the first of a listed set, or the form a pattern asks for.
  const listed = checks
    .filter((check) => check.includes(`(${column.name} = ANY`))
    .map((check) => /ARRAY\['([^']*)'/.exec(check)?.[1])
    .find(Boolean);
  let text = listed ?? `${column.name}-${row}-ü'"\\`;
  if (!listed && /url|link/.test(column.name)) text = `https://example.com/${column.name}/${row}?q='"`;
  if (!listed && column.name === 'currency') text = 'EUR';
  if (!listed && checks.some((check) => check.includes(`(${column.name} ~ '^[a-z0-9]`))) text = `slug-${row}`;
  switch (column.type) {
    case 'uuid':
      return sql`gen_random_uuid()`;
    case 'integer':
    case 'bigint':
    case 'smallint':
      return sql`${row + 1}`;
    case 'numeric':
      return sql`${`${row}12345678901.1234`}::numeric`;
    case 'boolean':
      return sql`${row % 2 === 0}`;
    case 'jsonb':
    case 'json':
      return sql`${JSON.stringify({ row, text, nested: [1, null, 'x'] })}::jsonb`;
    case 'date':
      return sql`${`2026-01-0${row + 1}`}::date`;
    case 'timestamp with time zone':
      return sql`${`2026-01-0${row + 1}T10:11:12.345678+02:00`}::timestamptz`;
    case 'ARRAY':
      return sql`array[${text}, 'b c', '{}']`;
    case 'bytea':
      return sql`${text}::bytea`;
    default:
      return sql`${text}`;
  }
}

/**
 * Puts rows in every table the catalogue lists (parents first, children pointing at them), so a table a new
 * migration adds is covered without editing this test; a table that cannot be filled fails it.
 */
async function fillEveryTable(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  for (const table of await listTables(db)) {
    if (table.schema === 'drizzle') continue;
    const columns = await queryRows<Column>(
      db,
      sql`select column_name as name, data_type as type, is_nullable = 'YES' as nullable, column_default is not null as "hasDefault"
            from information_schema.columns where table_schema = ${table.schema} and table_name = ${table.name}
            and is_generated = 'NEVER' order by ordinal_position`,
    );
    const references = await queryRows<{ column: string; parent: string; parentColumn: string }>(
      db,
      sql`select a.attname as column, pc.relname as parent, pa.attname as "parentColumn"
            from pg_constraint k
            join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
            join pg_class pc on pc.oid = k.confrelid
            cross join lateral unnest(k.conkey, k.confkey) as pair(child_key, parent_key)
            join pg_attribute a on a.attrelid = k.conrelid and a.attnum = pair.child_key
            join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = pair.parent_key
            where k.contype = 'f' and cn.nspname = ${table.schema} and cc.relname = ${table.name}`,
    );
    const checks = (
      await queryRows<{ definition: string }>(
        db,
        sql`select pg_get_constraintdef(k.oid) as definition from pg_constraint k
            where k.contype = 'c' and k.conrelid = ${`${table.schema}.${table.name}`}::regclass`,
      )
    ).map((check) => check.definition);
    // A check such as "exactly one owner": tried again with one of the optional references left out.
    const optionalReferences = references.filter(
      (reference) => columns.find((column) => column.name === reference.column)?.nullable,
    );
    for (const row of [0, 1]) {
      const insert = (leftOut?: string) => {
        const names = columns.map((column) => sql.identifier(column.name));
        const values = columns.map((column) => {
          if (column.name === leftOut) return sql`null`;
          const reference = references.find((candidate) => candidate.column === column.name);
          if (reference) {
            return sql`(select ${sql.identifier(reference.parentColumn)} from ${sql.identifier(reference.parent)} order by 1 offset ${row} limit 1)`;
          }
          return valueFor(column, row, checks);
        });
        return db.execute(
          sql`insert into ${sql.identifier(table.schema)}.${sql.identifier(table.name)} (${sql.join(names, sql`, `)}) values (${sql.join(values, sql`, `)})`,
        );
      };
      let inserted = await insert().then(
        () => true,
        (error: unknown) => error,
      );
      for (const reference of optionalReferences) {
        if (inserted === true) break;
        inserted = await insert(reference.column).then(
          () => true,
          () => inserted,
        );
      }
      if (inserted !== true) throw inserted;
    }
  }
  const counts = await countRows(db);
  expect(Object.entries(counts).filter(([, count]) => count === 0)).toEqual([]);
}

describe('backup and restore', () => {
  it('restores every table, row and sequence of a backup into an empty database', async () => {
    const source = await database();
    await fillEveryTable(source);
    const file = join(directory, 'round-trip.jsonl');
    const written = await writeBackup(source.db, source.kind, file);
    expect(written).toEqual(await countRows(source.db));

    const target = await database();
    const restored = await restoreBackup(target.db, file, { replace: false }).catch((error: unknown) => error);
    // A migrated but empty database is an empty target.
    expect(restored).toEqual(written);
    expect(await countRows(target.db)).toEqual(written);
    expect(await databaseDigest(target.db)).toEqual(await databaseDigest(source.db));
    const sequences = sql`select sequencename, last_value::text as value from pg_sequences order by 1`;
    expect(await queryRows(target.db, sequences)).toEqual(await queryRows(source.db, sequences));
    // Two databases migrated and filled, a backup and a restore: up to 20 s when the other phases load the machine.
  }, 60_000);

  it('takes one instant of a database being written to, over many pages of rows', async () => {
    const source = await database();
    await source.db.execute(
      sql`insert into event_logs (event_type, payload) select 'backup.test', jsonb_build_object('n', n) from generate_series(1, 2500) n`,
    );
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await source.db.execute(sql`insert into event_logs (event_type) values ('backup.concurrent')`);
        written += 1;
        // PGlite answers without leaving the event loop's microtasks: let the backup's file writes run.
        await setTimeout(1);
      }
    })();
    const file = join(directory, 'while-writing.jsonl');
    const counts = await writeBackup(source.db, source.kind, file);
    writing = false;
    await writer;
    expect(counts['public.event_logs']).toBeGreaterThanOrEqual(2500);
    expect(counts['public.event_logs']).toBeLessThanOrEqual(2500 + written);

    const target = await database();
    // Restore checks every table's listed count against its lines, and the totals against the end line.
    expect(await restoreBackup(target.db, file, { replace: false })).toEqual(counts);
  });

  it('refuses a target that holds rows unless told to replace them, and then replaces them', async () => {
    const source = await database();
    await fillEveryTable(source);
    const file = join(directory, 'replace.jsonl');
    await writeBackup(source.db, source.kind, file);
    const target = await database();
    await fillEveryTable(target);
    const before = await databaseDigest(target.db);
    await expect(restoreBackup(target.db, file, { replace: false })).rejects.toThrow(/Add --replace/);
    expect(await databaseDigest(target.db)).toEqual(before);
    await restoreBackup(target.db, file, { replace: true });
    expect(await databaseDigest(target.db)).toEqual(await databaseDigest(source.db));
  });

  it('refuses a backup of a newer schema than this build knows, or an incomplete one, changing nothing', async () => {
    const source = await database();
    const file = join(directory, 'newer.jsonl');
    await writeBackup(source.db, source.kind, file);
    const [header, ...rest] = (await readFile(file, 'utf8')).split('\n');
    const parsed = JSON.parse(header!) as { migrations: number; latestMigration: string };
    const newer = join(directory, 'newer-schema.jsonl');
    await writeFile(
      newer,
      [JSON.stringify({ ...parsed, migrations: parsed.migrations + 1, latestMigration: '9999_future' }), ...rest].join(
        '\n',
      ),
    );
    await expect(readBackupHeader(newer)).rejects.toThrow(BackupError);
    await expect(restoreBackup(source.db, newer, { replace: true })).rejects.toThrow(
      /newer database schema \(\d+ migrations, the last 9999_future\) than this version of the portal knows/,
    );

    const truncated = join(directory, 'truncated.jsonl');
    await writeFile(truncated, [header, ...rest.slice(0, -2)].join('\n'));
    const target = await database();
    const before = await databaseDigest(target.db);
    await expect(restoreBackup(target.db, truncated, { replace: true })).rejects.toThrow(/incomplete/);
    expect(await databaseDigest(target.db)).toEqual(before);
  });
  it('restores a backup of an older schema, which the next start then migrates with its data', async () => {
    const olderMigrations = 8;
    const source = await databaseAtMigration(olderMigrations);
    await source.db.execute(
      sql`insert into users (identity_issuer, identity_subject, email, first_name) values ('https://issuer.test', 'older', 'older@example.test', 'Olga')`,
    );
    const file = join(directory, 'older.jsonl');
    await writeBackup(source.db, source.kind, file);
    expect((await readBackupHeader(file)).migrations).toBe(olderMigrations);

    const target = await database();
    await restoreBackup(target.db, file, { replace: false });
    const migrated = await migrationCount(target);
    expect(migrated).toBe(olderMigrations);
    await migrateDatabase(target);
    expect(await migrationCount(target)).toBe(readMigrationFiles({ migrationsFolder }).length);
    expect(
      await queryRows(
        target.db,
        sql`select email, first_name, is_email_verified from users where identity_subject = 'older'`,
      ),
    ).toEqual([{ email: 'older@example.test', first_name: 'Olga', is_email_verified: false }]);
  }, 60_000);
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('migrate-to-postgres', () => {
  it('copies an embedded installation into an empty PostgreSQL database with equal rows, digest and sequences', async () => {
    const template = await ensureEmbeddedTemplate();
    const source = await openDatabase(
      { kind: 'pglite', dataDir: 'memory', initialData: () => Promise.resolve(template) },
      pino({ level: 'silent' }),
    );
    handles.push(source);
    await fillEveryTable(source);

    // An empty database, as an administrator creates one: no template, no migrations.
    const name = `dxp_copy_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const printed: string[] = [];
      const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3999' });
      await migrateToPostgresCommand(
        { db: source.db, database: source, config, print: (line) => printed.push(line) },
        { url: url.toString() },
      );
      const counts = await countRows(source.db);
      for (const [table, count] of Object.entries(counts)) expect(printed).toContain(`  ${table}: ${count} → ${count}`);
      expect(printed.at(-1)).toMatch(/^Copied\./);

      const target = await openDatabase(
        { kind: 'postgres', url: url.toString(), poolSize: 1 },
        pino({ level: 'silent' }),
      );
      try {
        expect(await countRows(target.db)).toEqual(counts);
        expect(await databaseDigest(target.db)).toEqual(await databaseDigest(source.db));
        const sequences = sql`select sequencename, last_value::text as value from pg_sequences order by 1`;
        expect(await queryRows(target.db, sequences)).toEqual(await queryRows(source.db, sequences));
      } finally {
        await target.close();
      }

      // A second copy finds the database no longer empty and leaves it as it is.
      await expect(
        migrateToPostgresCommand(
          { db: source.db, database: source, config, print: () => undefined },
          { url: url.toString() },
        ),
      ).rejects.toThrow(/holds \d+ rows/);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('the commands', () => {
  it('need a file, or a PostgreSQL address', () => {
    expect(() => parseCommand(['backup'])).toThrow(UsageError);
    expect(() => parseCommand(['restore', 'a', 'b'])).toThrow(UsageError);
    expect(() => parseCommand(['migrate-to-postgres', 'mysql://x'])).toThrow(/postgres:\/\//);
    expect(parseCommand(['restore', 'file.jsonl', '--replace']).skipsMigration).toBe(true);
  });
});
