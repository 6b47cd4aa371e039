import { isDeepStrictEqual } from 'node:util';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gt,
  gte,
  lt,
  lte,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../errors.js';
import type { DatabaseExecutor } from './client.js';
import { type Bind, executeShaped, isShapeRendered, StatementParameters } from './prepared-statements.js';

/** Largest page a client may ask for; larger requests are refused rather than silently cut. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export type SortDirection = 'ASC' | 'DESC';

/** Relay paging arguments as a client sends them. */
export interface PageRequest {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  /**
   * The client reads `totalCount`: the matches are counted inside the page's own statement (an uncorrelated
   * scalar subquery, which PostgreSQL runs once) instead of in a second one. Only an empty page after a cursor
   * still needs the second statement, as no row carries the count.
   */
  withTotalCount?: boolean;
}

export interface SortTerm {
  /** Public name of the sort key; part of the cursor so a cursor cannot be reused with another order. */
  name: string;
  column: PgColumn;
  direction: SortDirection;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Page<Node> {
  edges: { cursor: string; node: Node }[];
  pageInfo: PageInfo;
  /** Counted only when asked for: on a large table the count costs more than the page. */
  totalCount: () => Promise<number>;
}

/** The values `findPage`'s `extraColumns` add to each node. */
export type ExtraValues<Extra extends Record<string, SQL>> = {
  [Key in keyof Extra]: Extra[Key] extends SQL<infer Value> ? Value : never;
};

/** A client's `order` argument: a list of `{ field: direction }` objects, earlier ones first. */
export type OrderInput<Field extends string> = readonly Partial<Record<Field, SortDirection | null>>[];

/**
 * Turns a client's `order` into sort terms over whitelisted (indexed) columns, the row id breaking
 * ties so every row has a unique, stable position.
 */
export function resolveSortTerms<Field extends string>(options: {
  order: OrderInput<Field> | null | undefined;
  sortable: Record<Field, PgColumn>;
  defaultOrder: OrderInput<Field>;
  id: PgColumn;
}): SortTerm[] {
  const { sortable, id } = options;
  const order = options.order?.length ? options.order : options.defaultOrder;
  const terms: SortTerm[] = [];
  for (const entry of order) {
    const fields = Object.entries(entry).filter(([, direction]) => direction != null) as [Field, SortDirection][];
    if (fields.length !== 1) {
      throw new AppError('INVALID_REQUEST', 'Each order entry must name exactly one field.');
    }
    const [[name, direction]] = fields as [[Field, SortDirection]];
    const column = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
    if (!column) {
      throw new AppError('INVALID_REQUEST', `This list cannot be sorted by ${name}.`);
    }
    if (terms.some((term) => term.name === name)) {
      throw new AppError('INVALID_REQUEST', `The order names ${name} twice.`);
    }
    terms.push({ name, column, direction });
  }
  const lastDirection = terms.at(-1)?.direction ?? 'ASC';
  terms.push({ name: 'id', column: id, direction: lastDirection });
  return terms;
}

/**
 * Reads one page of `table` ordered by `sortTerms` with keyset (seek) conditions, never OFFSET,
 * so any page costs what the first one costs when an index covers the order. The page's statement (and
 * its count) is rendered once per shape and reused as a prepared statement (`executeShaped`).
 */
export async function findPage<Table extends PgTable, Extra extends Record<string, SQL> = Record<never, SQL>>(options: {
  db: DatabaseExecutor;
  table: Table;
  /**
   * Everything but values that changes `where` and `extraColumns`: which branch a list took and its filter's
   * `filterShape`. The table, order, direction and cursor are added here.
   */
  shape: string;
  /** Authorization and filter conditions, every value through `bind`; the page and `totalCount` both respect them. */
  where: (bind: Bind) => SQL | undefined;
  /**
   * Binds the values `where` binds, in its order, without building its SQL: for a shape already rendered, whose
   * statement needs the values alone. Outside production both run and must bind the same values.
   */
  bindWhereValues?: (bind: Bind) => void;
  sortTerms: SortTerm[];
  page: PageRequest;
  /** More values the page's own statement reads for each row (e.g. a correlated subquery), merged into its node. */
  extraColumns?: (bind: Bind) => Extra;
}): Promise<Page<Table['$inferSelect'] & ExtraValues<Extra>>> {
  const { db, table, sortTerms } = options;
  const { size, cursor, isBackward } = parsePageRequest(options.page, sortTerms);
  const isTotalCountInline = options.page.withTotalCount === true;
  // Paging backwards reads the reversed order from the cursor, then restores the order.
  const readTerms = isBackward ? sortTerms.map((term) => ({ ...term, direction: flip(term.direction) })) : sortTerms;
  const shape = `${getTableName(table)} ${options.shape} order ${orderKey(readTerms)}${cursor ? ' seek' : ''}`;
  const pageShape = `${shape}${isTotalCountInline ? ' count' : ''}`;
  const isRendered = options.bindWhereValues !== undefined && isShapeRendered(db, pageShape);

  const parameters = new StatementParameters();
  let where: SQL | undefined;
  if (isRendered) options.bindWhereValues!(parameters.bind);
  else where = options.where(parameters.bind);
  if (options.bindWhereValues && isVerifyingWhereValues) expectSameWhereValues(options, parameters.values);
  const extraColumns = options.extraColumns?.(parameters.bind);
  const seekValues = cursor?.map((value) => parameters.bind(value));
  const limit = parameters.bind(size + 1);
  // `where` binds first, so a statement rendered later (the count) binds it alone under the same names.
  const whereSql = () => (isRendered ? options.where(new StatementParameters().bind) : where);

  // Widened once: drizzle's `from` cannot resolve its conditional parameter type for a generic table.
  const source: PgTable = table;
  const countMatches = () => db.select({ total: count() }).from(source).where(whereSql());
  const rows = (await executeShaped(
    db,
    pageShape,
    () =>
      db
        .select({
          node: table,
          cursorValues: sql<string[]>`json_build_array(${sql.join(
            sortTerms.map((term) => sql`${term.column}::text`),
            sql`, `,
          )})`,
          ...(extraColumns ? { extra: extraColumns } : {}),
          ...(isTotalCountInline ? { totalCount: sql<number>`${countMatches()}`.mapWith(Number) } : {}),
        })
        .from(source)
        .where(and(whereSql(), seekValues ? seekCondition(readTerms, seekValues) : undefined))
        .orderBy(...readTerms.map((term) => (term.direction === 'ASC' ? asc(term.column) : desc(term.column))))
        .limit(limit as Placeholder),
    parameters.values,
  )) as { node: Table['$inferSelect']; cursorValues: string[]; extra?: ExtraValues<Extra>; totalCount?: number }[];
  let totalCount: Promise<number> | undefined;
  if (isTotalCountInline && (rows.length > 0 || !cursor)) {
    // Without a cursor, no row means nothing matches at all.
    totalCount = Promise.resolve(rows[0]?.totalCount ?? 0);
  }

  const hasMore = rows.length > size;
  const pageRows = rows.slice(0, size);
  if (isBackward) pageRows.reverse();
  const order = orderKey(sortTerms);
  const edges = pageRows.map((row) => ({
    cursor: cursorOf(order, row.cursorValues),
    node: (row.extra ? { ...row.node, ...row.extra } : row.node) as Table['$inferSelect'] & ExtraValues<Extra>,
  }));
  return {
    edges,
    pageInfo: {
      // Like most Relay servers, the side we did not page towards is reported from the cursor's presence.
      hasNextPage: isBackward ? options.page.before != null : hasMore,
      hasPreviousPage: isBackward ? hasMore : options.page.after != null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: () => {
      totalCount ??= executeShaped(
        db,
        `${getTableName(table)} ${options.shape} total`,
        countMatches,
        parameters.values,
      ).then(([result]) => result?.total ?? 0);
      return totalCount;
    },
  };
}

/** Outside production, `bindWhereValues` is checked against `where` on every page read. */
const isVerifyingWhereValues = process.env.NODE_ENV !== 'production';

function expectSameWhereValues(
  options: { bindWhereValues?: (bind: Bind) => void },
  whereValues: Record<string, unknown>,
): void {
  const bound = new StatementParameters();
  options.bindWhereValues!(bound.bind);
  if (!isDeepStrictEqual(bound.values, whereValues)) {
    throw new Error(`bindWhereValues binds ${JSON.stringify(bound.values)} where binds ${JSON.stringify(whereValues)}`);
  }
}

/** The same page with each node transformed, e.g. joined with what a second, batched query read. */
export function mapPageNodes<Node, Mapped>(page: Page<Node>, transform: (node: Node) => Mapped): Page<Mapped> {
  return { ...page, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: transform(edge.node) })) };
}

function parsePageRequest(page: PageRequest, sortTerms: SortTerm[]) {
  const { first, after, last, before } = page;
  for (const [name, value] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (value != null && (!Number.isInteger(value) || value < 0 || value > MAX_PAGE_SIZE)) {
      throw new AppError('INVALID_REQUEST', `${name} must be between 0 and ${MAX_PAGE_SIZE}.`, { argument: name });
    }
  }
  if (first != null && last != null) {
    throw new AppError('INVALID_REQUEST', 'Pass either first or last, not both.');
  }
  if (after != null && before != null) {
    throw new AppError('INVALID_REQUEST', 'Pass either after or before, not both.');
  }
  const isBackward = last != null || (before != null && first == null);
  const cursorText = isBackward ? before : after;
  return {
    size: (isBackward ? last : first) ?? DEFAULT_PAGE_SIZE,
    isBackward,
    cursor: cursorText == null ? undefined : decodeCursor(sortTerms, cursorText),
  };
}

/**
 * The rows after the cursor. When every term runs one way this is a row comparison, `(a, b, id) > (x, y, z)`,
 * which PostgreSQL reads as one range on a composite index (an OR of comparisons is only a filter, so a deep
 * page would walk every row before it). Mixed directions have no row comparison: the OR-expanded form, with a
 * bound on the leading column that still narrows the index range.
 */
function seekCondition(terms: SortTerm[], values: SQLWrapper[]): SQL {
  if (values.length !== terms.length) throw new Error('a cursor must carry one value per sort term');
  const typed = terms.map((term, index) => sql`cast(${values[index]} as ${sql.raw(term.column.getSQLType())})`);
  const [leading] = terms as [SortTerm, ...SortTerm[]];
  if (terms.every((term) => term.direction === leading.direction)) {
    const columns = sql.join(
      terms.map((term) => term.column),
      sql`, `,
    );
    return sql`(${columns}) ${sql.raw(leading.direction === 'ASC' ? '>' : '<')} (${sql.join(typed, sql`, `)})`;
  }
  const leadingBound = leading.direction === 'ASC' ? gte(leading.column, typed[0]) : lte(leading.column, typed[0]);
  return and(leadingBound, expandedSeekCondition(terms, typed))!;
}

/** `(a, b, id) > (x, y, z)` for mixed directions: a > x, or a = x and (b > y, or b = y and id > z). */
function expandedSeekCondition(terms: SortTerm[], typed: SQL[]): SQL {
  const [term, ...rest] = terms;
  const [value, ...restValues] = typed;
  if (!term || !value) throw new Error('a cursor must carry one value per sort term');
  const beyond = term.direction === 'ASC' ? gt(term.column, value) : lt(term.column, value);
  if (rest.length === 0) return beyond;
  return or(beyond, and(eq(term.column, value), expandedSeekCondition(rest, restValues)))!;
}

function flip(direction: SortDirection): SortDirection {
  return direction === 'ASC' ? 'DESC' : 'ASC';
}

function orderKey(sortTerms: SortTerm[]): string {
  return sortTerms.map((term) => `${term.name}:${term.direction}`).join(',');
}

/** Opaque to clients: base64url of the order and the row's sort values in PostgreSQL's exact text form. */
export function encodeCursor(sortTerms: SortTerm[], values: string[]): string {
  return cursorOf(orderKey(sortTerms), values);
}

function cursorOf(order: string, values: string[]): string {
  return Buffer.from(JSON.stringify({ order, values })).toString('base64url');
}

const invalidCursor = () => new AppError('INVALID_REQUEST', 'The cursor is not valid for this list and order.');

export function decodeCursor(sortTerms: SortTerm[], cursor: string): string[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    typeof decoded !== 'object' ||
    decoded === null ||
    !('order' in decoded) ||
    !('values' in decoded) ||
    decoded.order !== orderKey(sortTerms) ||
    !Array.isArray(decoded.values) ||
    decoded.values.length !== sortTerms.length
  ) {
    throw invalidCursor();
  }
  const values = decoded.values as unknown[];
  sortTerms.forEach((term, index) => {
    const value = values[index];
    if (typeof value !== 'string' || !isValidTextFor(term.column, value)) throw invalidCursor();
  });
  return values as string[];
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2})(?::(\d{2}))?)?$/;
const INT4 = { min: -(2n ** 31n), max: 2n ** 31n - 1n };
const INT8 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/**
 * A date, or a date and time with (`zone`) or without a time zone, that PostgreSQL accepts: the shapes it
 * prints, on a day of the calendar (no 30 February), at a time of the day, with an offset of at most 15 hours.
 */
function isCalendarText(value: string, form: 'date' | 'timestamp' | 'zoned timestamp'): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, zoneHours, zoneMinutes] = [1, 2, 3, 4, 5, 6, 8, 9].map((group) =>
    Number(match[group] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  const hasTime = match[4] !== undefined;
  const hasZone = match[7] !== undefined;
  if (hasTime !== (form !== 'date') || hasZone !== (form === 'zoned timestamp')) return false;
  const daysInMonth = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return (
    year >= 1 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    zoneHours <= 15 &&
    zoneMinutes <= 59
  );
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function isIntegerText(value: string, range: { min: bigint; max: bigint }): boolean {
  if (!/^-?\d{1,19}$/.test(value)) return false;
  const number = BigInt(value);
  return number >= range.min && number <= range.max;
}

const textFormats: Record<string, (value: string) => boolean> = {
  uuid: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  'timestamp with time zone': (value) => isCalendarText(value, 'zoned timestamp'),
  timestamp: (value) => isCalendarText(value, 'timestamp'),
  date: (value) => isCalendarText(value, 'date'),
  integer: (value) => isIntegerText(value, INT4),
  bigint: (value) => isIntegerText(value, INT8),
  boolean: (value) => value === 'true' || value === 'false',
};

/**
 * Checked before the value reaches a cast, so a forged cursor is a client error, not a SQL error: a value
 * PostgreSQL would refuse to cast (30 February, an hour of 25, an integer out of range) never gets there.
 */
function isValidTextFor(column: PgColumn, value: string): boolean {
  const isValid = textFormats[column.getSQLType()];
  if (isValid) return isValid(value);
  if (column.dataType === 'string') return value.length <= 10_000;
  return false;
}
