import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { builtCliEntry } from '../test/built-server.js';
import { databaseDigest } from '../test/database.js';
import {
  addBookmarkThrough,
  type ServerProcess,
  serviceKeyOnNewEmbeddedDatabase,
  startServerProcess,
  stopGracefully,
  withEmbeddedDatabase,
} from '../test/server-process.js';
import { BackupError, countRows, queryRows } from './backup.js';
import { backupFromRunningPortal } from './backup-socket.js';

// docs/deploy.md "Backup and restore", decision 0138: `npm run admin -- backup` while the portal runs on DATA_DIR.
const writers = 6;
/** `npm run admin -- backup <file>` as its own process, as an operator or a timer runs it. */
function adminBackup(dataDir: string, file: string): Promise<{ code: number | null; output: string }> {
  const command = spawn(process.execPath, [builtCliEntry, 'backup', file], {
    cwd: new URL('../..', import.meta.url),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  command.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  command.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => command.once('exit', (code) => resolve({ code, output })));
}

/** Restores `file` into a new data directory with the admin command, the way an operator would. */
async function restoreIntoNewDataDir(file: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dxp-restored-'));
  const code = await runCli(['restore', file], { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  expect(code, 'restore exit code').toBe(0);
  return dataDir;
}

/** The rows per table as the backup file lists them. */
async function countsInFile(file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.startsWith('{"table"')) continue;
    const { table } = JSON.parse(line) as { table: { schema: string; name: string; rows: number } };
    counts[`${table.schema}.${table.name}`] = table.rows;
  }
  return counts;
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('a backup of the embedded database while the portal runs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dxp-live-backup-'));
  const scratch = mkdtempSync(join(tmpdir(), 'dxp-live-backup-files-'));
  const removeAfterwards = [dataDir, scratch];
  // A clean stop waits out no drain: no load balancer routes to these servers. The writers share one service key,
  // whose owner's mutation limit (600 a minute) a fast machine would reach before the backup ends.
  const environment = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SHUTDOWN_DRAIN_SECONDS: '0',
    MUTATION_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  let serviceKey: string;
  let portal: ServerProcess;

  beforeAll(async () => {
    serviceKey = await serviceKeyOnNewEmbeddedDatabase(environment, 'backup test');
    portal = await startServerProcess(environment);
  }, 120_000);

  afterAll(async () => {
    if (portal.server.exitCode === null) await stopGracefully(portal);
    for (const directory of removeAfterwards) rmSync(directory, { recursive: true, force: true });
  });

  it('is one instant of the database while writes are in flight, and restores into a new data directory', async () => {
    const acknowledged: string[] = [];
    let stop = false;
    const writing = Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let sequence = 0; !stop; sequence++) {
          const { status, id } = await addBookmarkThrough(portal.url, serviceKey, {
            name: `Backup ${writer}-${sequence}`,
            url: `https://backup.example/${writer}/${sequence}`,
          });
          expect(status).toBe(200);
          acknowledged.push(id!);
        }
      }),
    );
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));
    const acknowledgedBeforeBackup = [...acknowledged];
    const file = join(scratch, 'in-flight.jsonl');
    const backup = await adminBackup(dataDir, file);
    const acknowledgedAfterBackup = acknowledged.length;
    // Writes go on after the backup too, so the restored database must be an earlier instant than the end.
    while (acknowledged.length < acknowledgedAfterBackup + 10) await new Promise((resolve) => setTimeout(resolve, 10));
    stop = true;
    await writing;

    expect(backup.output).toMatch(/Backed up \d+ rows of \d+ tables to .* \(made by the running portal\)/);
    expect(backup.code).toBe(0);
    const restored = await restoreIntoNewDataDir(file);
    removeAfterwards.push(restored);
    await withEmbeddedDatabase(restored, async ({ db }) => {
      // Every row the file lists is there, table by table.
      const inFile = await countsInFile(file);
      const counts = await countRows(db);
      for (const [table, rows] of Object.entries(inFile)) {
        if (table !== 'drizzle.__drizzle_migrations') expect(counts[table], table).toBe(rows);
      }
      const bookmarkIds = new Set(
        (await queryRows<{ id: string }>(db, sql`select id::text as id from bookmarks`)).map((row) => row.id),
      );
      // Every write acknowledged before the backup was asked for is in it…
      for (const id of acknowledgedBeforeBackup) expect(bookmarkIds.has(id), `bookmark ${id}`).toBe(true);
      // …and none written after the backup finished.
      for (const id of acknowledged.slice(acknowledgedAfterBackup)) expect(bookmarkIds.has(id)).toBe(false);
      // Each bookmark and its event-log row were written in one transaction: a snapshot has both or neither.
      const events = await queryRows<{ id: string }>(
        db,
        sql`select payload->>'bookmarkId' as id from event_logs where event_type = 'bookmark.saved'`,
      );
      expect(new Set(events.map((event) => event.id))).toEqual(bookmarkIds);
    });
  }, 120_000);

  it('equals the running database, table digest for table digest, when no write is in flight', async () => {
    const file = join(scratch, 'at-rest.jsonl');
    const backup = await adminBackup(dataDir, file);
    expect(backup.output).toContain('(made by the running portal)');
    expect(backup.code).toBe(0);
    await stopGracefully(portal);
    const source = await withEmbeddedDatabase(dataDir, async ({ db }) => ({
      counts: await countRows(db),
      digest: await databaseDigest(db),
    }));
    const restored = await restoreIntoNewDataDir(file);
    removeAfterwards.push(restored);
    await withEmbeddedDatabase(restored, async ({ db }) => {
      expect(await countRows(db)).toEqual(source.counts);
      expect(await databaseDigest(db)).toEqual(source.digest);
    });
  }, 120_000);

  it('leaves no file when no portal answers', async () => {
    const file = join(scratch, 'nobody.jsonl');
    await expect(backupFromRunningPortal(scratch, file)).rejects.toBeInstanceOf(BackupError);
    expect(existsSync(file)).toBe(false);
  });
});
