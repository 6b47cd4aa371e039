import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { teams } from '../db/schema/index.js';
import { createTestDatabase, databaseDigest } from './database.js';

/**
 * The test databases a file gets: a database an earlier file of the process closed is emptied and handed out again
 * (src/test/database.ts); these tests prove that a file still starts from the template and never reaches another's.
 */
describe('test databases', () => {
  it('a closed database refuses further queries', async () => {
    const database = await createTestDatabase();
    await database.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('a database opened after another closed holds none of its rows', async () => {
    const template = await createTestDatabase();
    const emptyDigest = await databaseDigest(template.db);
    await template.close();

    const first = await createTestDatabase();
    await first.db.insert(teams).values({ name: 'Left behind', friendlyId: 'left-behind' });
    await first.db.execute(sql`set statement_timeout = '1ms'`);
    await first.close();

    const second = await createTestDatabase();
    expect(await databaseDigest(second.db)).toEqual(emptyDigest);
    const timeout = (await second.db.execute(sql`show statement_timeout`)) as { rows: { statement_timeout: string }[] };
    expect(timeout.rows[0]?.statement_timeout).not.toBe('1ms');
    await second.db.insert(teams).values({ name: 'Left behind', friendlyId: 'left-behind' });
    await second.close();
  });

  it('a database whose schema a file changed is not handed out again', async () => {
    const changed = await createTestDatabase();
    await changed.db.execute(sql`alter table teams drop constraint teams_friendly_id_format`);
    await changed.db.execute(sql`create table left_behind (id int)`);
    await changed.close();

    const next = await createTestDatabase();
    const leftBehind = (await next.db.execute(sql`select to_regclass('left_behind') as name`)) as {
      rows: { name: string | null }[];
    };
    expect(leftBehind.rows[0]?.name).toBeNull();
    await expect(next.db.insert(teams).values({ name: 'Bad address', friendlyId: 'Not A Slug!' })).rejects.toThrow();
    await next.close();
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL, a connection a file left open cannot write into the next file’s database',
    async () => {
      const first = await createTestDatabase();
      const straggler = new pg.Client({ connectionString: first.url });
      straggler.on('error', () => undefined);
      await straggler.connect();
      await first.close();

      const next = await createTestDatabase();
      const emptyDigest = await databaseDigest(next.db);
      await expect(straggler.query(`insert into teams (name, friendly_id) values ('Late', 'late')`)).rejects.toThrow();
      expect(await databaseDigest(next.db)).toEqual(emptyDigest);
      await next.close();
      await straggler.end().catch(() => undefined);
    },
  );
});
