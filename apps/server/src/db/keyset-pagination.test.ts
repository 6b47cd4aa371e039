import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createTestDatabase } from '../test/database.js';
import { insertTestUser } from '../test/users.js';
import type { DatabaseHandle } from './client.js';
import {
  decodeCursor,
  encodeCursor,
  findPage,
  type OrderInput,
  type PageRequest,
  resolveSortTerms,
} from './keyset-pagination.js';
import { invoices } from './schema/billing.js';
import { notifications } from './schema/events.js';

let database: DatabaseHandle;
let userId: string;
/** Microseconds apart and with ties, so a cursor that lost precision or ignored the id would skip or repeat rows. */
const timestamps = [
  '2026-01-01 10:00:00.000001+00',
  '2026-01-01 10:00:00.000002+00',
  '2026-01-01 10:00:00.000002+00',
  '2026-01-01 10:00:00.000002+00',
  '2026-01-02 09:30:00+00',
  '2026-01-03 08:00:00.5+00',
  '2026-01-03 08:00:00.5+00',
];

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await insertTestUser(database.db);
  const otherUser = await insertTestUser(database.db);
  userId = user.id;
  for (const [index, timestamp] of timestamps.entries()) {
    await database.db.insert(notifications).values({
      userId,
      type: 'TeamInvite',
      message: `message ${index}`,
      createdAt: sqlTimestamp(timestamp),
    });
  }
  await database.db.insert(notifications).values({ userId: otherUser.id, type: 'TeamInvite', message: 'not mine' });
});
afterAll(async () => {
  await database.close();
});

function sqlTimestamp(text: string) {
  // Drizzle maps Date values, which keep only milliseconds; the test needs the exact microseconds.
  return sql`${text}::timestamptz` as unknown as Date;
}

const sortable = { createdAt: notifications.createdAt };

function sortTermsFor(order: OrderInput<'createdAt'> | null) {
  return resolveSortTerms({ order, sortable, defaultOrder: [{ createdAt: 'DESC' }], id: notifications.id });
}

async function listPage(page: PageRequest, order: OrderInput<'createdAt'> | null = null) {
  return findPage({
    db: database.db,
    table: notifications,
    shape: 'own',
    where: (bind) => eq(notifications.userId, bind(userId)),
    sortTerms: sortTermsFor(order),
    page,
  });
}

/** The expected order, computed by PostgreSQL itself at full precision. */
async function expectedIds(direction: 'asc' | 'desc') {
  const rows = (await database.db.execute(
    sql`select id from notifications where user_id = ${userId} order by created_at ${sql.raw(direction)}, id ${sql.raw(direction)}`,
  )) as { rows: { id: string }[] };
  return rows.rows.map((row) => row.id);
}

async function walkForward(size: number, order: OrderInput<'createdAt'> | null = null) {
  const ids: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await listPage({ first: size, after }, order);
    ids.push(...page.edges.map((edge) => edge.node.id));
    expect(await page.totalCount()).toBe(timestamps.length);
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    if (!page.pageInfo.hasNextPage) return ids;
    after = page.pageInfo.endCursor;
  }
}

async function walkBackward(size: number) {
  const ids: string[] = [];
  let before: string | null = null;
  for (;;) {
    const page = await listPage({ last: size, before });
    ids.unshift(...page.edges.map((edge) => edge.node.id));
    expect(page.pageInfo.hasNextPage).toBe(before !== null);
    if (!page.pageInfo.hasPreviousPage) return ids;
    before = page.pageInfo.startCursor;
  }
}

describe('keyset pagination', () => {
  it('walks forwards through every row once, newest first, across ties and microseconds', async () => {
    const expected = await expectedIds('desc');
    expect(await walkForward(1)).toEqual(expected);
    expect(await walkForward(3)).toEqual(expected);
  });

  it('walks backwards with last/before to the same order', async () => {
    const expected = await expectedIds('desc');
    expect(await walkBackward(1)).toEqual(expected);
    expect(await walkBackward(2)).toEqual(expected);
  });

  it('follows a requested ascending order', async () => {
    expect(await walkForward(2, [{ createdAt: 'ASC' }])).toEqual(await expectedIds('asc'));
  });

  it('walks an order of mixed directions through every row once', async () => {
    const terms = resolveSortTerms({
      order: [{ type: 'ASC' }, { createdAt: 'DESC' }],
      sortable: { type: notifications.type, createdAt: notifications.createdAt },
      defaultOrder: [{ createdAt: 'DESC' }],
      id: notifications.id,
    });
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Awaited<ReturnType<typeof listPage>> = await findPage({
        db: database.db,
        table: notifications,
        shape: 'own',
        where: (bind) => eq(notifications.userId, bind(userId)),
        sortTerms: terms,
        page: { first: 2, after },
      });
      ids.push(...page.edges.map((edge) => edge.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    const expected = (await database.db.execute(
      sql`select id from notifications where user_id = ${userId} order by type asc, created_at desc, id desc`,
    )) as { rows: { id: string }[] };
    expect(ids).toEqual(expected.rows.map((row) => row.id));
  });

  it('answers the page after a cursor without the row of the cursor', async () => {
    const first = await listPage({ first: 2 });
    const next = await listPage({ first: 2, after: first.pageInfo.endCursor });
    const ids = [...first.edges, ...next.edges].map((edge) => edge.node.id);
    expect(ids).toEqual((await expectedIds('desc')).slice(0, 4));
  });

  it('returns an empty page with null cursors for first: 0', async () => {
    const page = await listPage({ first: 0 });
    expect(page.edges).toEqual([]);
    expect(page.pageInfo).toMatchObject({ startCursor: null, endCursor: null, hasNextPage: true });
  });

  it.each([{ first: 101 }, { first: -1 }, { last: 101 }, { last: -5 }, { first: 1, last: 1 }])(
    'refuses %o with INVALID_REQUEST',
    async (page) => {
      await expect(listPage(page)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    },
  );
});

describe('cursors', () => {
  const terms = () => sortTermsFor(null);

  it.each(['2024-02-29 23:59:59.999999+00', '2026-12-31T00:00:00Z', '2026-06-01 10:00:00-09:30'])(
    'accept the timestamp %s',
    (timestamp) => {
      const values = [timestamp, '0b5e8a2c-3f0e-4a53-9d8e-3c1c2c9f3a11'];
      expect(decodeCursor(terms(), encodeCursor(terms(), values))).toEqual(values);
    },
  );

  it('refuse a calendar date that does not exist, and take one that does, for a date column', () => {
    const byInvoiceDate = resolveSortTerms({
      order: null,
      sortable: { invoiceDate: invoices.invoiceDate },
      defaultOrder: [{ invoiceDate: 'DESC' }],
      id: invoices.id,
    });
    const cursorAt = (date: string) => encodeCursor(byInvoiceDate, [date, '0b5e8a2c-3f0e-4a53-9d8e-3c1c2c9f3a11']);
    expect(() => decodeCursor(byInvoiceDate, cursorAt('2026-02-30'))).toThrow(AppError);
    expect(() => decodeCursor(byInvoiceDate, cursorAt('2026-02-28 00:00:00'))).toThrow(AppError);
    expect(decodeCursor(byInvoiceDate, cursorAt('2028-02-29'))[0]).toBe('2028-02-29');
  });

  it('round-trip the exact sort values and are opaque base64url', () => {
    const values = ['2026-01-01 10:00:00.000002+00', '0b5e8a2c-3f0e-4a53-9d8e-3c1c2c9f3a11'];
    const cursor = encodeCursor(terms(), values);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(terms(), cursor)).toEqual(values);
  });

  const forged = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
  it.each([
    ['not base64 JSON', 'definitely-not-a-cursor'],
    [
      'a cursor of another order',
      forged({
        order: 'createdAt:ASC,id:ASC',
        values: ['2026-01-01 10:00:00+00', '0b5e8a2c-3f0e-4a53-9d8e-3c1c2c9f3a11'],
      }),
    ],
    [
      'a value that is not a timestamp',
      forged({
        order: 'createdAt:DESC,id:DESC',
        values: ["'; drop table users; --", '0b5e8a2c-3f0e-4a53-9d8e-3c1c2c9f3a11'],
      }),
    ],
    ['an id that is not a uuid', forged({ order: 'createdAt:DESC,id:DESC', values: ['2026-01-01 10:00:00+00', '42'] })],
    ['too few values', forged({ order: 'createdAt:DESC,id:DESC', values: ['2026-01-01 10:00:00+00'] })],
    ...[
      ['30 February', '2026-02-30 10:00:00+00'],
      ['29 February of a common year', '2026-02-29T00:00:00Z'],
      ['a thirteenth month', '2026-13-01 10:00:00+00'],
      ['an hour of 24', '2026-01-01 24:00:00+00'],
      ['a minute of 60', '2026-01-01 10:60:00+00'],
      ['an offset of 16 hours', '2026-01-01 10:00:00+16'],
      ['year 0', '0000-01-01 10:00:00+00'],
      ['no time zone', '2026-01-01 10:00:00'],
      ['a date alone', '2026-01-01'],
    ].map(([name, timestamp]) => [
      `a timestamp PostgreSQL would refuse (${name})`,
      forged({ order: 'createdAt:DESC,id:DESC', values: [timestamp, '0b5e8a2c-3f0e-4a53-9d8e-3c1c2c9f3a11'] }),
    ]),
  ])('refuses %s with INVALID_REQUEST, before any SQL runs', async (_name, cursor) => {
    await expect(listPage({ first: 2, after: cursor })).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'INVALID_REQUEST',
    );
  });
});

describe('sort terms', () => {
  it('refuse fields that are not whitelisted and repeated fields', () => {
    expect(() => sortTermsFor([{ message: 'ASC' } as never])).toThrow(AppError);
    expect(() => sortTermsFor([{ createdAt: 'ASC' }, { createdAt: 'DESC' }])).toThrow(/twice/);
  });

  it('end with the id in the direction of the last term', () => {
    expect(sortTermsFor([{ createdAt: 'ASC' }]).map((term) => `${term.name}:${term.direction}`)).toEqual([
      'createdAt:ASC',
      'id:ASC',
    ]);
  });
});
