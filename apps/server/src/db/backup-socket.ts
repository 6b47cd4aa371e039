import { createWriteStream } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { BackupError, writeBackupTo } from './backup.js';
import type { DatabaseHandle } from './client.js';

/**
 * A backup of the embedded database while the portal runs (decision 0138). Only the process holding `DATA_DIR` may
 * open its files, so that process makes the backup itself, from its own connection, in the same read-only
 * REPEATABLE READ transaction as on PostgreSQL: `npm run admin -- backup` asks it over a Unix socket in
 * `DATA_DIR/admin/` (a directory only the portal's user may enter; the socket is the whole of its authentication,
 * like the database files beside it) and writes the answer to its file.
 */
const SOCKET_DIRECTORY = 'admin';
const SOCKET_FILE = 'backup.sock';
/** Longest Unix socket path Linux accepts (108 bytes with the terminating zero). */
const MAX_SOCKET_PATH_BYTES = 107;

export function backupSocketPath(dataDir: string): string {
  return join(dataDir, SOCKET_DIRECTORY, SOCKET_FILE);
}

/**
 * Answers `POST /backup` on the socket with a backup of `database`, streamed. Resolves to the function that stops
 * answering and removes the socket, or to undefined (with a warning) when the socket cannot be made: the portal
 * runs, and a backup needs it stopped as before.
 */
export async function serveBackups(
  dataDir: string,
  database: DatabaseHandle,
  logger: Logger,
): Promise<(() => Promise<void>) | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    logger.warn(
      { socketPath },
      'DATA_DIR is too long a path for the backup socket: stop the portal to back it up (docs/deploy.md)',
    );
    return undefined;
  }
  const directory = join(dataDir, SOCKET_DIRECTORY);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  // This process holds DATA_DIR (db/data-dir-lock.ts), so a socket file there was left by one that stopped.
  await rm(socketPath, { force: true });

  const server = createServer((incoming, answer) => {
    if (incoming.method !== 'POST' || incoming.url !== '/backup') {
      answer.writeHead(404, { 'content-type': 'text/plain' }).end('POST /backup\n');
      return;
    }
    const startedAt = performance.now();
    answer.writeHead(200, { 'content-type': 'application/x-ndjson' });
    writeBackupTo(database.db, database.kind, answer).then(
      (counts) => {
        answer.end();
        const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
        logger.info(
          { rows, durationMs: Math.round(performance.now() - startedAt) },
          'backup written to the admin command',
        );
      },
      (error: unknown) => {
        logger.error({ err: error }, 'backup for the admin command failed');
        // Cut off without its end line: the command sees an incomplete backup and says so.
        answer.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  server.listen(socketPath);
  await once(server, 'listening');
  await chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

/**
 * Asks the portal running on `dataDir` for a backup and writes it to `file`. Resolves to the backup's end line
 * (tables and rows); rejects with BackupError when no portal answers or the answer is incomplete, leaving no file.
 */
export async function backupFromRunningPortal(
  dataDir: string,
  file: string,
): Promise<{ tables: number; rows: number }> {
  const socketPath = backupSocketPath(dataDir);
  const output = createWriteStream(file, { mode: 0o600 });
  let lastLine = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const asked = request({ socketPath, method: 'POST', path: '/backup' }, (answer) => {
        if (answer.statusCode !== 200) {
          answer.resume();
          reject(new BackupError(`The running portal refused the backup (HTTP ${answer.statusCode}).`));
          return;
        }
        let tail = '';
        answer.on('data', (chunk: Buffer) => {
          tail = (tail + chunk.toString('utf8')).slice(-4096);
        });
        answer.on('close', () => {
          if (!answer.complete) reject(new BackupError('The running portal stopped sending the backup part-way.'));
        });
        answer.on('error', () => reject(new BackupError('The running portal stopped sending the backup part-way.')));
        answer.pipe(output);
        output.on('error', reject);
        output.on('close', () => {
          lastLine = tail.trimEnd().split('\n').at(-1) ?? '';
          resolve();
        });
      });
      asked.on('error', (error: NodeJS.ErrnoException) => {
        reject(
          error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
            ? new BackupError(
                `No running portal answers on ${socketPath}: the holder of ${dataDir} is an admin command, a version ` +
                  'of the portal without backups while it runs, or a portal whose DATA_DIR is too long a path for ' +
                  'the socket. Stop it to back up.',
              )
            : error,
        );
      });
      asked.end();
    });
    const end = (JSON.parse(lastLine || 'null') as { end?: { tables: number; rows: number } } | null)?.end;
    if (!end) throw new BackupError('The running portal sent an incomplete backup (no end line).');
    return end;
  } catch (error) {
    output.destroy();
    await rm(file, { force: true });
    throw error instanceof SyntaxError ? new BackupError('The running portal sent an incomplete backup.') : error;
  }
}
