import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli.js';
import { openDatabase } from './client.js';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';
import { ensureEmbeddedTemplate } from './embedded-template.js';

const directories: string[] = [];
function newDataDir(): string {
  const directory = mkdtempSync(join(tmpdir(), 'dxp-lock-'));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

// Embedded only: the run on PostgreSQL would repeat the run on PGlite.
describe.skipIf(Boolean(process.env.DATABASE_URL))('one process per embedded data directory', () => {
  it('refuses a second open of a data directory while the first holds it, and allows it after close', async () => {
    const dataDir = newDataDir();
    const first = await openDatabase(
      { kind: 'pglite', dataDir, initialData: ensureEmbeddedTemplate },
      pino({ level: 'silent' }),
    );
    await expect(openDatabase({ kind: 'pglite', dataDir }, pino({ level: 'silent' }))).rejects.toThrow(
      DataDirInUseError,
    );
    await first.close();
    expect(existsSync(join(dataDir, 'portal.pid'))).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir }, pino({ level: 'silent' }));
    await again.close();
  }, 60_000);

  it('refuses while another running process holds it, naming that process and the file to delete', () => {
    const dataDir = newDataDir();
    writeFileSync(join(dataDir, 'portal.pid'), String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(
      new RegExp(`in use by process ${process.ppid} .*delete ${join(dataDir, 'portal.pid')}`),
    );
  });

  it('takes over a file left by a process that no longer runs (killed), or by an earlier process with our pid', () => {
    const dataDir = newDataDir();
    const exited = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(join(dataDir, 'portal.pid'), String(exited));
    const release = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'portal.pid'), 'utf8')).toBe(String(process.pid));
    release();

    // A container restarts its process with the same pid: the file it left is not a running holder.
    writeFileSync(join(dataDir, 'portal.pid'), String(process.pid));
    lockDataDir(dataDir)();
    expect(existsSync(join(dataDir, 'portal.pid'))).toBe(false);
  });

  it('an admin command on a data directory in use says so and exits 1, leaving the holder alone', async () => {
    const dataDir = newDataDir();
    writeFileSync(join(dataDir, 'portal.pid'), String(process.ppid));
    const errors: string[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      const file = join(dataDir, 'backup.jsonl');
      expect(await runCli(['backup', file], { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir })).toBe(1);
    } finally {
      consoleError.mockRestore();
    }
    expect(errors.join('\n')).toMatch(`is in use by process ${process.ppid}`);
    expect(readFileSync(join(dataDir, 'portal.pid'), 'utf8')).toBe(String(process.ppid));
  });
});
