import pg from 'pg';
import { isRunning } from '../db/data-dir-lock.js';

/** Set by this global set-up for the workers: the run (its main process id) whose teardown drops its databases. */
export const TEST_RUN_VARIABLE = 'DXP_TEST_RUN';
/** The prefix of every database a Vitest run leases on PostgreSQL (`createTestDatabase`), before the run's id. */
export const LEASED_DATABASE_PREFIX = 'dxp_test_run_';

/**
 * Vitest global set-up of the integration projects on PostgreSQL: test files of a worker reuse their databases, so
 * none is dropped when a file ends; this teardown drops the run's, and the set-up drops those of runs that ended
 * without theirs (a run stopped by Ctrl-C), found by their main process no longer running on this machine.
 */
export async function setup(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const run = String(process.pid);
  // A second project's set-up in the same run keeps the first one's run and teardown.
  if (process.env[TEST_RUN_VARIABLE] === run) return undefined;
  process.env[TEST_RUN_VARIABLE] = run;
  await dropLeasedDatabases(serverUrl, (runOfDatabase) => !isRunning(Number(runOfDatabase)));
  return () => dropLeasedDatabases(serverUrl, (runOfDatabase) => runOfDatabase === run);
}

async function dropLeasedDatabases(serverUrl: string, shouldDrop: (run: string) => boolean): Promise<void> {
  await withServerClient(serverUrl, async (admin) => {
    const leased = await admin.query<{ name: string }>(
      `select datname as name from pg_database where starts_with(datname, $1)`,
      [LEASED_DATABASE_PREFIX],
    );
    for (const { name } of leased.rows) {
      const run = name.slice(LEASED_DATABASE_PREFIX.length).split('_')[0]!;
      if (shouldDrop(run)) await admin.query(`drop database if exists ${name} with (force)`);
    }
  });
}

export async function withServerClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
