import { eq, type Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { insertTestUser } from '../test/users.js';
import type { DatabaseHandle } from './client.js';
import { findPage, resolveSortTerms } from './keyset-pagination.js';
import { executeShaped, StatementParameters } from './prepared-statements.js';
import { notifications } from './schema/events.js';
import { users } from './schema/users.js';

let database: DatabaseHandle;
let firstUserId: string;
let secondUserId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  firstUserId = (await insertTestUser(database.db)).id;
  secondUserId = (await insertTestUser(database.db)).id;
  await database.db.insert(notifications).values([
    { userId: firstUserId, type: 'TeamInvite', message: 'for the first user' },
    { userId: secondUserId, type: 'TeamInvite', message: 'for the second user' },
    { userId: secondUserId, type: 'ContactMessage', message: 'also for the second user' },
  ]);
});
afterAll(async () => {
  await database.close();
});

const newestFirst = resolveSortTerms({
  order: null,
  sortable: { createdAt: notifications.createdAt },
  defaultOrder: [{ createdAt: 'DESC' }],
  id: notifications.id,
});

async function messagesOf(userId: string) {
  const page = await findPage({
    db: database.db,
    table: notifications,
    shape: 'of a user',
    where: (bind) => eq(notifications.userId, bind(userId)),
    sortTerms: newestFirst,
    page: { first: 10 },
  });
  return { messages: page.edges.map((edge) => edge.node.message).sort(), totalCount: await page.totalCount() };
}

describe('executeShaped', () => {
  it("runs each call of one shape with that call's own values", async () => {
    expect(await messagesOf(firstUserId)).toEqual({ messages: ['for the first user'], totalCount: 1 });
    expect(await messagesOf(secondUserId)).toEqual({
      messages: ['also for the second user', 'for the second user'],
      totalCount: 2,
    });
    expect(await messagesOf(firstUserId)).toEqual({ messages: ['for the first user'], totalCount: 1 });
  });

  it('refuses a statement with a value written into its SQL, which the next caller would inherit', async () => {
    const { values } = new StatementParameters();
    await expect(
      executeShaped(
        database.db,
        'unbound user',
        () => database.db.select().from(notifications).where(eq(notifications.userId, firstUserId)),
        values,
      ),
    ).rejects.toThrow(/not bound as a placeholder/);
  });

  it('fails outside production when one shape name renders two different statements', async () => {
    const { bind, values } = new StatementParameters();
    const userCondition = eq(notifications.userId, bind(firstUserId));
    const byUser = () => database.db.select({ id: notifications.id }).from(notifications).where(userCondition);
    const byUserAndType = () =>
      database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(sql`${userCondition} and ${notifications.type} = 'TeamInvite'`);
    expect(await executeShaped(database.db, 'ambiguous', byUser, values)).toHaveLength(1);
    await expect(executeShaped(database.db, 'ambiguous', byUserAndType, values)).rejects.toThrow(
      /renders two different statements/,
    );
  });

  it('keeps running when clients invent more shapes than are kept or named, and a shape evicted earlier comes back', async () => {
    const shapes = 510;
    await database.db.transaction(async (transaction) => {
      const constant = (shape: number) => {
        const { bind, values } = new StatementParameters();
        const limit = bind(1) as Placeholder;
        // A different SQL text per shape, as a new filter shape would give.
        const build = () =>
          transaction
            .select({ shape: sql<number>`${sql.raw(String(shape))}::int` })
            .from(notifications)
            .limit(limit);
        return executeShaped(transaction, `constant ${shape}`, build, values);
      };
      for (let shape = 0; shape < shapes; shape++) {
        expect(await constant(shape)).toEqual([{ shape }]);
      }
      expect(await constant(0)).toEqual([{ shape: 0 }]);
      if (process.env.DATABASE_URL) {
        const named = (await transaction.execute(
          sql`select count(*)::int as count from pg_prepared_statements where name like 'dxp_%'`,
        )) as { rows: { count: number }[] };
        const count = named.rows[0]!.count;
        expect(count).toBeGreaterThan(0);
        expect(count).toBeLessThanOrEqual(200);
      }
    });
  });

  // PGlite runs every statement unnamed, so each is planned for its values anyway.
  it.skipIf(!process.env.DATABASE_URL)(
    "plans a named statement for each execution's values, never once for every value",
    async () => {
      await database.db.transaction(async (transaction) => {
        await transaction.execute(sql.raw('prepare of_user(uuid) as select id from notifications where user_id = $1'));
        // After five executions PostgreSQL would otherwise settle on a plan generic over every user.
        for (let execution = 0; execution < 6; execution++) {
          await transaction.execute(sql.raw(`execute of_user('${firstUserId}')`));
        }
        const plan = (await transaction.execute(
          sql.raw(`explain (format json) execute of_user('${secondUserId}')`),
        )) as {
          rows: unknown[];
        };
        expect(JSON.stringify(plan.rows)).toContain(secondUserId);
        await transaction.execute(sql.raw('deallocate of_user'));
      });
    },
  );

  it("maps rows as Drizzle does: nested objects, nulls, dates and decoded values, and an outer join's absent table", async () => {
    const { bind, values } = new StatementParameters();
    const userCondition = eq(notifications.userId, bind(secondUserId));
    const inner = () =>
      database.db
        .select({
          node: notifications,
          author: { name: users.firstName, since: users.createdAt },
          characters: sql<number>`length(${notifications.message})`.mapWith(Number),
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(userCondition)
        .orderBy(notifications.message);
    const outer = () =>
      database.db
        .select({ node: notifications, actor: users })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(userCondition)
        .orderBy(notifications.message);
    const mapped = await executeShaped(database.db, 'mapped as drizzle maps, inner join', inner, values);
    expect(mapped).toEqual(await inner().execute(values));
    expect(mapped[0]!.node.createdAt).toBeInstanceOf(Date);
    expect(mapped[0]!.characters).toBe('also for the second user'.length);
    const withAbsentActor = await executeShaped(database.db, 'mapped as drizzle maps, outer join', outer, values);
    expect(withAbsentActor).toEqual(await outer().execute(values));
    expect(withAbsentActor.map((row) => row.actor)).toEqual([null, null]);
  });
});
