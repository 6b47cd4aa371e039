import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBookmarkThrough,
  serviceKeyOnNewEmbeddedDatabase,
  startServerProcess,
  stopGracefully,
  withEmbeddedDatabase,
} from '../test/server-process.js';
import { queryRows } from './backup.js';
import { bookmarks } from './schema/bookmarks.js';

// docs/deploy.md "What the embedded database survives": `npm run test:crash -w apps/server` runs ten rounds.
const rounds = Number(process.env.CRASH_ROUNDS ?? 1);
const writers = 8;
/**
 * Writers add bookmarks one after another until `stop()`; the id of every write the server acknowledged (a 200 with
 * data) is kept. A write cut off by the kill has no answer and is not counted.
 */
async function writeUntil(url: string, serviceKey: string, stop: () => boolean, acknowledged: string[]) {
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let sequence = 0; !stop(); sequence++) {
        try {
          const { status, id } = await addBookmarkThrough(url, serviceKey, {
            name: `Crash ${writer}-${sequence}`,
            url: `https://crash.example/${writer}/${sequence}`,
          });
          if (status === 200 && id) acknowledged.push(id);
        } catch (error) {
          if (stop()) return; // the process is gone
          throw error;
        }
      }
    }),
  );
}

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the embedded database after SIGKILL during acknowledged writes',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dxp-crash-'));
    // A clean stop waits out no drain: no load balancer routes to these servers.
    const environment = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SHUTDOWN_DRAIN_SECONDS: '0' };
    let serviceKey: string;

    beforeAll(async () => {
      // A first start creates and migrates the cluster; the writer's account is then added directly.
      serviceKey = await serviceKeyOnNewEmbeddedDatabase(environment, 'crash test');
    }, 120_000);

    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it(
      `keeps every acknowledged write and an intact database (${rounds === 1 ? 'one round' : `${rounds} rounds in a row`})`,
      async () => {
        const acknowledged: string[] = [];
        for (let round = 1; round <= rounds; round++) {
          const started = await startServerProcess(environment);
          const acknowledgedBefore = acknowledged.length;
          let killed = false;
          const writing = writeUntil(started.url, serviceKey, () => killed, acknowledged);
          // Kill once a few dozen writes of this round are acknowledged, in the middle of the next ones.
          while (acknowledged.length - acknowledgedBefore < 40 && started.server.exitCode === null)
            await new Promise((resolve) => setTimeout(resolve, 5));
          const exited = new Promise((resolve) => started.server.once('exit', resolve));
          started.server.kill('SIGKILL');
          killed = true;
          await Promise.all([writing, exited]);

          // It starts again on the same files, answers, and is stopped cleanly to be read directly.
          const restarted = await startServerProcess(environment);
          expect((await fetch(`${restarted.url}/api/ready`)).status, `round ${round}: ready after restart`).toBe(200);
          await stopGracefully(restarted);
        }

        await withEmbeddedDatabase(dataDir, async ({ db }) => {
          const found = await db
            .select({ id: bookmarks.id })
            .from(bookmarks)
            .where(inArray(bookmarks.id, acknowledged));
          expect(new Set(found.map((row) => row.id)).size).toBe(new Set(acknowledged).size);
          // Every table is readable to its end.
          const tables = await queryRows<{ name: string }>(
            db,
            sql`select table_name as name from information_schema.tables
                where table_schema = 'public' and table_type = 'BASE TABLE'`,
          );
          for (const { name } of tables) await db.execute(sql`select count(*) from ${sql.identifier(name)}`);
        });
      },
      rounds * 120_000,
    );
  },
);
