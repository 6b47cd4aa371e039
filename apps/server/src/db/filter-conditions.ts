import {
  and,
  Column,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  not,
  notIlike,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors.js';
import type { Bind } from './prepared-statements.js';

/** Per-field operators, named as Hot Chocolate names them. `null` as a value means "is null". */
export interface StringOperations {
  eq?: string | null;
  neq?: string | null;
  contains?: string | null;
  ncontains?: string | null;
  startsWith?: string | null;
  endsWith?: string | null;
  in?: readonly string[] | null;
  nin?: readonly string[] | null;
}

export interface BooleanOperations {
  eq?: boolean | null;
  neq?: boolean | null;
}

export interface ComparableOperations<Value> {
  eq?: Value | null;
  neq?: Value | null;
  gt?: Value | null;
  gte?: Value | null;
  lt?: Value | null;
  lte?: Value | null;
  in?: readonly Value[] | null;
  nin?: readonly Value[] | null;
}

/** Ids: exact matches only. */
export interface IdOperations {
  eq?: string | null;
  in?: readonly string[] | null;
}

export interface FilterKinds {
  string: StringOperations;
  id: IdOperations;
  boolean: BooleanOperations;
  dateTime: ComparableOperations<Date>;
  int: ComparableOperations<number>;
}

export type FilterKind = keyof FilterKinds;

export interface FilterField<Kind extends FilterKind = FilterKind> {
  kind: Kind;
  /** A column of the listed table, or an expression over it (e.g. a correlated subquery for a joined name). */
  column: PgColumn | SQL;
}

export type FilterFields = Record<string, FilterField>;

/** The `where` argument of a list: field operators plus `and`/`or` groups, all ANDed together. */
export type FilterInput<Fields extends FilterFields> = {
  [Name in keyof Fields]?: FilterKinds[Fields[Name]['kind']] | null;
} & {
  and?: readonly FilterInput<Fields>[] | null;
  or?: readonly FilterInput<Fields>[] | null;
};

/** Declares a list's filterable fields; only these can appear in its `where`. */
export function defineFilterFields<const Fields extends FilterFields>(fields: Fields): Fields {
  return fields;
}

/**
 * What of a `where` input changes the SQL of `filterCondition`: its fields and operators in order, which
 * values are null and how long each list is. Values themselves are bound, so they do not count.
 */
export function filterShape(where: FilterInput<FilterFields> | null | undefined): string {
  return JSON.stringify(where ?? null, (_key, value: unknown) =>
    value === null || typeof value === 'object' ? value : 0,
  );
}

/**
 * Translates a `where` input into a SQL condition (`undefined` when it filters nothing), every value bound
 * through `bind`; inputs of one `filterShape` give one SQL text.
 */
export function filterCondition<Fields extends FilterFields>(
  fields: Fields,
  where: FilterInput<Fields> | null | undefined,
  bind: Bind,
): SQL | undefined {
  return pendingFilterCondition(fields, where, bind)();
}

/**
 * Binds the values of a `where` input as `filterCondition` binds them, in the same order and with the same checks,
 * without building its SQL: for a statement already rendered for the input's `filterShape` (`findPage`).
 */
export function bindFilterValues<Fields extends FilterFields>(
  fields: Fields,
  where: FilterInput<Fields> | null | undefined,
  bind: Bind,
): void {
  pendingFilterCondition(fields, where, bind);
}

/** A condition whose values are bound already; its SQL is built when it is called. */
type PendingCondition = () => SQL | undefined;

function pendingFilterCondition<Fields extends FilterFields>(
  fields: Fields,
  where: FilterInput<Fields> | null | undefined,
  bind: Bind,
): PendingCondition {
  if (!where) return () => undefined;
  const conditions: PendingCondition[] = [];
  for (const [name, operations] of Object.entries(where)) {
    if (operations == null) continue;
    if (name === 'and' || name === 'or') {
      const groups = (operations as FilterInput<Fields>[]).map((group) => pendingFilterCondition(fields, group, bind));
      if (groups.length === 0) {
        throw new AppError('INVALID_REQUEST', `${name} needs at least one condition.`);
      }
      conditions.push(() => {
        const built = groups.map((group) => group() ?? sql`true`);
        return name === 'and' ? and(...built) : or(...built);
      });
      continue;
    }
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field) {
      throw new AppError('INVALID_REQUEST', `This list cannot be filtered by ${name}.`);
    }
    conditions.push(pendingOperationsCondition(field.column, operations as Record<string, unknown>, bind));
  }
  return () => and(...conditions.map((condition) => condition()));
}

function pendingOperationsCondition(
  column: PgColumn | SQL,
  operations: Record<string, unknown>,
  bind: Bind,
): PendingCondition {
  const conditions: (() => SQL)[] = [];
  for (const [operator, value] of Object.entries(operations)) {
    if (value === undefined) continue;
    conditions.push(pendingOperatorCondition(column, operator, value, bind));
  }
  return () => and(...conditions.map((condition) => condition()));
}

/** The range operators: the value compared as the column's type. */
const comparisons = { gt, gte, lt, lte } as const;

/** The text operators: where the (escaped) text stands in the LIKE pattern, and whether it must match or not. */
const textPatterns = {
  contains: { pattern: (text: string) => `%${text}%`, condition: ilike },
  ncontains: { pattern: (text: string) => `%${text}%`, condition: notIlike },
  startsWith: { pattern: (text: string) => `${text}%`, condition: ilike },
  endsWith: { pattern: (text: string) => `%${text}`, condition: ilike },
} as const;

const isOperatorOf = <Table extends object>(table: Table, operator: string): operator is Extract<keyof Table, string> =>
  Object.hasOwn(table, operator);

function pendingOperatorCondition(target: PgColumn | SQL, operator: string, value: unknown, bind: Bind): () => SQL {
  // drizzle's operators accept either at run time; only a column stores the value as its type does.
  const column = target as PgColumn;
  const valueColumn = is(target, Column) ? target : undefined;
  const bound = (item: unknown) => bind(item, valueColumn);
  if (isOperatorOf(comparisons, operator)) {
    const compare = comparisons[operator];
    const parameter = bound(requireValue(operator, value));
    return () => compare(column, parameter);
  }
  if (isOperatorOf(textPatterns, operator)) {
    const { pattern, condition } = textPatterns[operator];
    const parameter = bind(pattern(escapeLikePattern(requireString(operator, value))));
    return () => condition(column, parameter);
  }
  switch (operator) {
    case 'eq': {
      if (value === null) return () => isNull(column);
      const parameter = bound(value);
      return () => eq(column, parameter);
    }
    case 'neq': {
      if (value === null) return () => isNotNull(column);
      const parameter = bound(value);
      return () => sql`${column} is distinct from ${parameter}`;
    }
    case 'in': {
      const parameters = requireList(operator, value).map(bound);
      return () => inArray(column, parameters);
    }
    case 'nin': {
      const parameters = requireList(operator, value).map(bound);
      return () => not(inArray(column, parameters));
    }
    default:
      throw new AppError('INVALID_REQUEST', `Unknown filter operator ${operator}.`);
  }
}

/** `%`, `_` and the escape character itself match literally (backslash is PostgreSQL's default escape). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function requireValue(operator: string, value: unknown): unknown {
  if (value === null) throw new AppError('INVALID_REQUEST', `${operator} needs a value.`);
  return value;
}

function requireString(operator: string, value: unknown): string {
  if (typeof value !== 'string') throw new AppError('INVALID_REQUEST', `${operator} needs a text value.`);
  return value;
}

function requireList(operator: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new AppError('INVALID_REQUEST', `${operator} needs a list.`);
  return value;
}
