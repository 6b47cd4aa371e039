import { type ChildProcess, spawn } from 'node:child_process';
import pino from 'pino';
import { createServiceKey } from '../auth/service-keys.js';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../db/client.js';
import { ensureEmbeddedTemplate } from '../db/embedded-template.js';
import { builtServerEntry } from './built-server.js';
import { insertTestUser } from './users.js';

export interface ServerProcess {
  server: ChildProcess;
  port: number;
  url: string;
  /** Everything it has printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** The servers this process started that have not exited yet (see `killServerProcessesLeft`). */
const runningServers = new Set<ChildProcess>();

/**
 * Kills every server this process started that still runs: one whose start outlived its `beforeAll` timeout never
 * reached the test's own clean-up, and ran on after the test run.
 */
export function killServerProcessesLeft(): void {
  for (const server of runningServers) server.kill('SIGKILL');
}

/** The built entry point as `npm start` runs it (dist/main.js), on a free port, with `environment` on top of ours. */
export function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  const server = spawn(process.execPath, [builtServerEntry], {
    cwd: new URL('../..', import.meta.url),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runningServers.add(server);
  server.once('exit', () => runningServers.delete(server));
  let output = '';
  return new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('DXP Portal is ready')) {
        resolve({
          server,
          port: Number(port),
          url: `http://127.0.0.1:${port}`,
          output: () => output,
          stop: async () => {
            if (server.exitCode !== null) return;
            const exited = new Promise((done) => server.once('exit', done));
            server.kill('SIGKILL');
            await exited;
          },
        });
      }
    });
    server.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)));
  });
}

/** SIGTERM, then waits for the process to exit. */
export async function stopGracefully(started: ServerProcess): Promise<void> {
  const exited = new Promise((resolve) => started.server.once('exit', resolve));
  started.server.kill('SIGTERM');
  await exited;
}

/** The embedded database of `dataDir`, opened in this process while no server holds it. */
export async function withEmbeddedDatabase<T>(
  dataDir: string,
  use: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ kind: 'pglite', dataDir }, pino({ level: 'silent' }));
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Makes the embedded database of `environment.DATA_DIR` in this process as a server's first start does (src/main.ts:
 * the template image, then the migrations), without a server process's start and drain, and answers a service key
 * of a person written into it directly, for a test that then writes through a server process.
 */
export async function serviceKeyOnNewEmbeddedDatabase(environment: { DATA_DIR: string }, keyName: string) {
  const handle = await openDatabase(
    { kind: 'pglite', dataDir: environment.DATA_DIR, initialData: ensureEmbeddedTemplate },
    pino({ level: 'silent' }),
  );
  try {
    await migrateDatabase(handle);
    const userId = (await insertTestUser(handle.db)).id;
    return (await createServiceKey(handle.db, { userId, name: keyName })).plainKey;
  } finally {
    await handle.close();
  }
}

const addBookmark =
  'mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }';

/** Adds a personal bookmark through the server at `url` as a service key; answers the status and the new id. */
export async function addBookmarkThrough(
  url: string,
  serviceKey: string,
  input: { name: string; url: string },
): Promise<{ status: number; id: string | undefined }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${serviceKey}` },
    body: JSON.stringify({ query: addBookmark, variables: { input } }),
  });
  const result = (await response.json()) as { data?: { addOrUpdateBookmark?: { id: string } } };
  return { status: response.status, id: result.data?.addOrUpdateBookmark?.id };
}
