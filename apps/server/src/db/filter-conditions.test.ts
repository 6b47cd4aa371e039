import { and, asc, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { insertTestUser } from '../test/users.js';
import type { DatabaseHandle } from './client.js';
import {
  defineFilterFields,
  escapeLikePattern,
  filterCondition,
  type FilterInput,
  filterShape,
} from './filter-conditions.js';
import { StatementParameters } from './prepared-statements.js';
import { notifications } from './schema/events.js';

const fields = defineFilterFields({
  type: { kind: 'string', column: notifications.type },
  message: { kind: 'string', column: notifications.message },
  externalId: { kind: 'string', column: notifications.externalId },
  isRead: { kind: 'boolean', column: notifications.isRead },
  createdAt: { kind: 'dateTime', column: notifications.createdAt },
});

let database: DatabaseHandle;
let userId: string;
const rows = [
  {
    message: '100% done',
    type: 'TeamInvite',
    isRead: false,
    externalId: 'a',
    createdAt: new Date('2026-01-01T00:00:00Z'),
  },
  {
    message: '100 done',
    type: 'TeamInvite',
    isRead: true,
    externalId: null,
    createdAt: new Date('2026-01-02T00:00:00Z'),
  },
  {
    message: 'snake_case',
    type: 'TeamRoleChanged',
    isRead: false,
    externalId: 'b',
    createdAt: new Date('2026-01-03T00:00:00Z'),
  },
  {
    message: 'snakeXcase',
    type: 'TeamRoleChanged',
    isRead: true,
    externalId: null,
    createdAt: new Date('2026-01-04T00:00:00Z'),
  },
  {
    message: 'back\\slash',
    type: 'AppRequestApproved',
    isRead: false,
    externalId: 'c',
    createdAt: new Date('2026-01-05T00:00:00Z'),
  },
];

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await insertTestUser(database.db)).id;
  await database.db.insert(notifications).values(rows.map((row) => ({ ...row, userId })));
});
afterAll(async () => {
  await database.close();
});

async function messagesWhere(where: FilterInput<typeof fields>) {
  const { bind, values } = new StatementParameters();
  const found = await database.db
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, bind(userId)), filterCondition(fields, where, bind)))
    .orderBy(asc(notifications.createdAt))
    .execute(values);
  return found.map((row) => row.message);
}

describe('string operations', () => {
  it('treat LIKE wildcards in the search text literally', async () => {
    expect(await messagesWhere({ message: { contains: '%' } })).toEqual(['100% done']);
    expect(await messagesWhere({ message: { contains: '_' } })).toEqual(['snake_case']);
    expect(await messagesWhere({ message: { contains: '\\' } })).toEqual(['back\\slash']);
    expect(await messagesWhere({ message: { startsWith: '100%' } })).toEqual(['100% done']);
    expect(await messagesWhere({ message: { endsWith: '_case' } })).toEqual(['snake_case']);
  });

  it('match contains, startsWith and endsWith case-insensitively', async () => {
    expect(await messagesWhere({ message: { contains: 'SNAKE' } })).toEqual(['snake_case', 'snakeXcase']);
    expect(await messagesWhere({ message: { startsWith: 'Back' } })).toEqual(['back\\slash']);
  });

  it('support eq, neq, in, nin and ncontains', async () => {
    expect(await messagesWhere({ type: { eq: 'AppRequestApproved' } })).toEqual(['back\\slash']);
    expect(await messagesWhere({ type: { in: ['TeamRoleChanged', 'AppRequestApproved'] } })).toEqual([
      'snake_case',
      'snakeXcase',
      'back\\slash',
    ]);
    expect(await messagesWhere({ type: { nin: ['TeamInvite', 'TeamRoleChanged'] } })).toEqual(['back\\slash']);
    expect(await messagesWhere({ message: { ncontains: 'done' }, type: { neq: 'TeamRoleChanged' } })).toEqual([
      'back\\slash',
    ]);
    expect(await messagesWhere({ type: { in: [] } })).toEqual([]);
  });

  it('read eq null as "is null" and neq as "is distinct from"', async () => {
    expect(await messagesWhere({ externalId: { eq: null } })).toEqual(['100 done', 'snakeXcase']);
    expect(await messagesWhere({ externalId: { neq: 'a' } })).toEqual([
      '100 done',
      'snake_case',
      'snakeXcase',
      'back\\slash',
    ]);
  });
});

describe('boolean and date operations', () => {
  it('filter booleans with eq and neq', async () => {
    expect(await messagesWhere({ isRead: { eq: true } })).toEqual(['100 done', 'snakeXcase']);
    expect(await messagesWhere({ isRead: { neq: true } })).toEqual(['100% done', 'snake_case', 'back\\slash']);
  });

  it('compare dates with gt, gte, lt, lte and in', async () => {
    expect(
      await messagesWhere({
        createdAt: { gt: new Date('2026-01-02T00:00:00Z'), lte: new Date('2026-01-04T00:00:00Z') },
      }),
    ).toEqual(['snake_case', 'snakeXcase']);
    expect(await messagesWhere({ createdAt: { gte: new Date('2026-01-05T00:00:00Z') } })).toEqual(['back\\slash']);
    expect(await messagesWhere({ createdAt: { lt: new Date('2026-01-02T00:00:00Z') } })).toEqual(['100% done']);
    expect(await messagesWhere({ createdAt: { in: [new Date('2026-01-03T00:00:00Z')] } })).toEqual(['snake_case']);
  });
});

describe('and / or groups', () => {
  it('combine groups with the fields beside them', async () => {
    const where: FilterInput<typeof fields> = {
      or: [
        { type: { eq: 'AppRequestApproved' } },
        { and: [{ isRead: { eq: true } }, { message: { contains: 'snake' } }] },
      ],
    };
    expect(await messagesWhere(where)).toEqual(['snakeXcase', 'back\\slash']);
    expect(await messagesWhere({ ...where, isRead: { eq: false } })).toEqual(['back\\slash']);
  });

  it('refuse fields that are not filterable and empty groups', async () => {
    await expect(messagesWhere({ userId: { eq: userId } } as never)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(messagesWhere({ constructor: { eq: 'x' } } as never)).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    await expect(messagesWhere({ or: [] })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});

describe('filterShape', () => {
  const dialect = new PgDialect();
  const render = (where: FilterInput<typeof fields> | null) =>
    dialect.sqlToQuery(filterCondition(fields, where, new StatementParameters().bind) ?? sql`true`).sql;

  it('is the same for inputs that differ only in their values, and so is their SQL', () => {
    const pairs: [FilterInput<typeof fields>, FilterInput<typeof fields>][] = [
      [
        { message: { contains: '100%' }, createdAt: { gt: new Date('2026-01-01T00:00:00Z') } },
        { message: { contains: 'other' }, createdAt: { gt: new Date('2027-05-05T12:00:00Z') } },
      ],
      [
        { or: [{ type: { in: ['TeamInvite', 'TeamRoleChanged'] } }, { isRead: { eq: true } }] },
        { or: [{ type: { in: ['AppRequestApproved', 'ContactMessage'] } }, { isRead: { eq: false } }] },
      ],
    ];
    for (const [first, second] of pairs) {
      expect(filterShape(first)).toBe(filterShape(second));
      expect(render(first)).toBe(render(second));
    }
  });

  it('differs wherever the SQL may: operators, their order, a null value, the length of a list, groups', () => {
    const inputs: (FilterInput<typeof fields> | null)[] = [
      null,
      { message: { eq: 'a' } },
      { message: { eq: null } },
      { message: { neq: 'a' } },
      { type: { in: [] } },
      { type: { in: ['TeamInvite'] } },
      { type: { in: ['TeamInvite', 'ContactMessage'] } },
      { message: { contains: 'a' }, type: { eq: 'TeamInvite' } },
      { type: { eq: 'TeamInvite' }, message: { contains: 'a' } },
      { and: [{ message: { eq: 'a' } }] },
      { or: [{ message: { eq: 'a' } }] },
    ];
    expect(new Set(inputs.map(filterShape)).size).toBe(inputs.length);
  });
});

describe('escapeLikePattern', () => {
  it('escapes %, _ and the escape character', () => {
    expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
