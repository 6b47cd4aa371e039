import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { type Database, type DatabaseExecutor, migrationsFolder } from './client.js';

/**
 * The portal's own backup format (decision 0122): JSON lines, written from one read-only REPEATABLE READ
 * transaction so the snapshot is consistent while the portal runs, and the same on PGlite and PostgreSQL.
 * Line 1 is the header; then, per table in dependency order, a table line and one line per row (every value
 * as PostgreSQL's text form, or null); then the sequences; then an end line, so a truncated file is refused.
 * Tables and sequences are read from the catalogue, so a new migration's table is never left out.
 */
export const BACKUP_FORMAT = 'dxp-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** How many migrations the database had applied. */
  migrations: number;
  /** The tag of the last of them, as this build names it (null when the build does not know it). */
  latestMigration: string | null;
}

interface TableLine {
  table: { schema: string; name: string; columns: string[]; rows: number };
}
interface SequencesLine {
  sequences: { schema: string; name: string; value: string | null }[];
}
interface EndLine {
  end: { tables: number; rows: number };
}

/** A backup that cannot be restored here, with the reason for the person running the command. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface DatabaseTable {
  schema: string;
  name: string;
  /** The columns a row is written with: generated columns are left to the database. */
  columns: string[];
}

/** The journal's tags in order: migration n (1-based) is `migrationTags()[n - 1]`. */
function migrationTags(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

/** The rows of a query, on either database (their drivers' result types differ only in what this leaves out). */
export async function queryRows<T extends Record<string, unknown>>(db: DatabaseExecutor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute<T>(query);
  return (result as { rows: T[] }).rows;
}

const userSchemas = sql`n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg\\_%'`;

/** Every table outside the system schemas (the migrations' table included), parents before children. */
export async function listTables(db: DatabaseExecutor): Promise<DatabaseTable[]> {
  const columns = await queryRows<{ schema: string; name: string; column: string }>(
    db,
    sql`select n.nspname as schema, c.relname as name, a.attname as column
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where c.relkind = 'r' and ${userSchemas}
        order by n.nspname, c.relname, a.attnum`,
  );
  const tables = new Map<string, DatabaseTable>();
  for (const { schema, name, column } of columns) {
    const key = `${schema}.${name}`;
    const table = tables.get(key) ?? { schema, name, columns: [] };
    table.columns.push(column);
    tables.set(key, table);
  }
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
        from pg_constraint k
        join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
        join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
        where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    if (!parents.has(child)) parents.set(child, new Set());
    parents.get(child)!.add(parent);
  }
  const ordered: DatabaseTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (key: string) => {
    if (placed.has(key) || visiting.has(key)) return; // a cycle of references: its order is left as found
    visiting.add(key);
    for (const parent of parents.get(key) ?? []) if (tables.has(parent)) place(parent);
    visiting.delete(key);
    placed.add(key);
    ordered.push(tables.get(key)!);
  };
  for (const key of tables.keys()) place(key);
  return ordered;
}

async function appliedMigrations(db: DatabaseExecutor): Promise<number> {
  const [exists] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!exists?.exists) return 0;
  const [count] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return count?.count ?? 0;
}

const tableName = (table: Pick<DatabaseTable, 'schema' | 'name'>) =>
  sql`${sql.identifier(table.schema)}.${sql.identifier(table.name)}`;

/** Rows are read (and written back) in pages of this many, so memory stays flat on a large table. */
const PAGE_ROWS = 1_000;

/**
 * Writes a consistent snapshot of the whole database to `file`; resolves to the rows written per table.
 * Every statement reads the same snapshot, so the counts, rows and sequences agree with one another.
 */
export async function writeBackup(
  db: Database,
  kind: BackupHeader['database'],
  file: string,
): Promise<Record<string, number>> {
  const output = createWriteStream(file, { mode: 0o600 });
  try {
    return await writeBackupTo(db, kind, output);
  } finally {
    output.end();
    await once(output, 'close');
  }
}

/**
 * Writes the same snapshot to `output` (a file, or the answer to `npm run admin -- backup` from a running portal on
 * the embedded database, db/backup-socket.ts), leaving it open; resolves to the rows written per table. A failure
 * part-way leaves the output without its end line, which restore refuses.
 */
export async function writeBackupTo(
  db: Database,
  kind: BackupHeader['database'],
  output: Writable,
): Promise<Record<string, number>> {
  const write = async (value: unknown) => {
    if (!output.write(`${JSON.stringify(value)}\n`)) await once(output, 'drain');
  };
  const counts: Record<string, number> = {};
  await db.transaction(
    async (transaction) => {
      const migrations = await appliedMigrations(transaction);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        database: kind,
        migrations,
        latestMigration: migrationTags()[migrations - 1] ?? null,
      };
      await write(header);
      const tables = await listTables(transaction);
      let total = 0;
      for (const table of tables) {
        const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
          transaction,
          sql`select count(*)::int as count from ${tableName(table)}`,
        );
        const line: TableLine = { table: { ...table, rows: count } };
        await write(line);
        // Positional aliases: a column's own name could be anything, even one JavaScript reorders ("1").
        const values = sql.join(
          table.columns.map((column, index) => sql`${sql.identifier(column)}::text as ${sql.identifier(`c${index}`)}`),
          sql`, `,
        );
        // Pages by physical row address: stable within the snapshot, and each page an index-free range scan.
        let after = '(0,0)';
        for (;;) {
          const page = await queryRows<Record<string, string | null>>(
            transaction,
            sql`select ctid::text as page_position, ${values} from ${tableName(table)}
                  where ctid > ${after}::tid order by ctid limit ${PAGE_ROWS}`,
          );
          for (const row of page) await write(table.columns.map((_, index) => row[`c${index}`] ?? null));
          if (page.length < PAGE_ROWS) break;
          after = page.at(-1)!.page_position!;
        }
        counts[`${table.schema}.${table.name}`] = count;
        total += count;
      }
      const sequences = await queryRows<{ schema: string; name: string; value: string | null }>(
        transaction,
        sql`select schemaname as schema, sequencename as name, last_value::text as value from pg_sequences
              where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
      );
      const sequencesLine: SequencesLine = { sequences };
      await write(sequencesLine);
      const end: EndLine = { end: { tables: tables.length, rows: total } };
      await write(end);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return counts;
}

async function* readLines(file: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (!line) continue;
    try {
      yield JSON.parse(line);
    } catch {
      throw new BackupError(`${file} line ${number} is not a backup line (JSON expected).`);
    }
  }
}

/** The header of a backup file, checked against what this build can restore. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const first of readLines(file)) return checkHeader(file, first);
  throw new BackupError(`${file} is empty.`);
}

function checkHeader(file: string, value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (header?.format !== BACKUP_FORMAT || typeof header.migrations !== 'number') {
    throw new BackupError(`${file} is not a backup made by npm run admin -- backup.`);
  }
  if (header.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} is in backup format ${String(header.version)}; this version of the portal reads format ${BACKUP_FORMAT_VERSION}.`,
    );
  }
  const tags = migrationTags();
  if (header.migrations > tags.length) {
    throw new BackupError(
      `${file} has a newer database schema (${header.migrations} migrations, the last ${String(header.latestMigration)}) ` +
        `than this version of the portal knows (${tags.length}, the last ${String(tags.at(-1))}). ` +
        'Restore it with the version of the portal that made it, or a newer one.',
    );
  }
  if (header.migrations > 0 && header.latestMigration !== tags[header.migrations - 1]) {
    throw new BackupError(
      `${file} was made with migration ${String(header.latestMigration)} where this version of the portal has ` +
        `${String(tags[header.migrations - 1])}; restore it with the version of the portal that made it.`,
    );
  }
  return header as BackupHeader;
}

/** Rows in tables outside the migrations' own, per table (only non-empty tables). */
export async function countRows(db: DatabaseExecutor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${tableName(table)}`,
    );
    counts[`${table.schema}.${table.name}`] = count;
  }
  return counts;
}

/**
 * Restores `file` into the database in one transaction: the schema is first made what it was at the backup
 * (its migrations, from this build's folder), then every row and sequence is loaded. Newer migrations are
 * left to `migrateDatabase`, as at every start. A target holding rows is refused unless `replace` is set; its
 * tables are then dropped in the same transaction, so a failed restore leaves it as it was.
 */
export async function restoreBackup(
  db: Database,
  file: string,
  { replace }: { replace: boolean },
): Promise<Record<string, number>> {
  const header = await readBackupHeader(file);
  const counts: Record<string, number> = {};
  await db.transaction(async (transaction) => {
    const existing = await listTables(transaction);
    const existingRows = Object.values(await countRows(transaction)).reduce((sum, count) => sum + count, 0);
    const userRows = existingRows - (await appliedMigrations(transaction));
    if (userRows > 0 && !replace) {
      throw new BackupError(
        `The target database holds ${userRows} rows; restoring would replace them. Add --replace to do so.`,
      );
    }
    // Dropped even when empty (a database migrated by a start of the portal): the schema must be the backup's.
    for (const table of existing.reverse()) {
      await transaction.execute(sql`drop table if exists ${tableName(table)} cascade`);
    }
    await transaction.execute(sql`drop schema if exists drizzle cascade`);

    const migrations = readMigrationFiles({ migrationsFolder }).slice(0, header.migrations);
    await transaction.execute(sql`create schema if not exists drizzle`);
    // The migrator's own table, as drizzle-orm creates it; its rows come from the backup.
    await transaction.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) await transaction.execute(sql.raw(statement));
    }

    let table: TableLine['table'] | undefined;
    let pending: (string | null)[][] = [];
    let total = 0;
    let ended = false;
    const flush = async () => {
      if (!table || pending.length === 0) return;
      const columns = sql.join(
        table.columns.map((column) => sql.identifier(column)),
        sql`, `,
      );
      const values = sql.join(
        pending.map(
          (row) =>
            sql`(${sql.join(
              row.map((value) => sql`${value}`),
              sql`, `,
            )})`,
        ),
        sql`, `,
      );
      await transaction.execute(
        sql`insert into ${tableName(table)} (${columns}) overriding system value values ${values}`,
      );
      pending = [];
    };
    let lineNumber = 0;
    for await (const line of readLines(file)) {
      lineNumber += 1;
      if (lineNumber === 1) continue;
      if (ended) throw new BackupError(`${file} goes on after its end line.`);
      if (Array.isArray(line)) {
        if (
          !table ||
          line.length !== table.columns.length ||
          line.some((value) => value !== null && typeof value !== 'string')
        ) {
          throw new BackupError(`${file}: row on line ${lineNumber} does not match its table.`);
        }
        pending.push(line as (string | null)[]);
        counts[`${table.schema}.${table.name}`] = (counts[`${table.schema}.${table.name}`] ?? 0) + 1;
        total += 1;
        // PostgreSQL takes at most 65,535 parameters in one statement.
        if (pending.length * table.columns.length >= 30_000 || pending.length >= PAGE_ROWS) await flush();
        continue;
      }
      await flush();
      if (table && counts[`${table.schema}.${table.name}`] !== table.rows) {
        throw new BackupError(
          `${file} lists ${table.rows} rows of ${table.name} but holds ${counts[`${table.schema}.${table.name}`]}.`,
        );
      }
      if (line && typeof line === 'object' && 'table' in line) {
        table = (line as TableLine).table;
        counts[`${table.schema}.${table.name}`] = 0;
      } else if (line && typeof line === 'object' && 'sequences' in line) {
        table = undefined;
        for (const sequence of (line as SequencesLine).sequences) {
          if (sequence.value === null) continue;
          const name = `${quoteIdentifier(sequence.schema)}.${quoteIdentifier(sequence.name)}`;
          await transaction.execute(sql`select setval(${name}::regclass, ${sequence.value}::bigint, true)`);
        }
      } else if (line && typeof line === 'object' && 'end' in line) {
        const end = (line as EndLine).end;
        if (end.rows !== total) throw new BackupError(`${file} lists ${end.rows} rows but holds ${total}.`);
        ended = true;
      } else {
        throw new BackupError(`${file} line ${lineNumber} is not a backup line.`);
      }
    }
    if (!ended) throw new BackupError(`${file} ends early (no end line): it is incomplete.`);
    await flush();
  });
  return counts;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
