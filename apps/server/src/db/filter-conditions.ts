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
  if (!where) return undefined;
  const conditions: (SQL | undefined)[] = [];
  for (const [name, operations] of Object.entries(where)) {
    if (operations == null) continue;
    if (name === 'and' || name === 'or') {
      const groups = (operations as FilterInput<Fields>[]).map(
        (group) => filterCondition(fields, group, bind) ?? sql`true`,
      );
      if (groups.length === 0) {
        throw new AppError('INVALID_REQUEST', `${name} needs at least one condition.`);
      }
      conditions.push(name === 'and' ? and(...groups) : or(...groups));
      continue;
    }
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field) {
      throw new AppError('INVALID_REQUEST', `This list cannot be filtered by ${name}.`);
    }
    conditions.push(operationsCondition(field.column, operations as Record<string, unknown>, bind));
  }
  return and(...conditions);
}

function operationsCondition(column: PgColumn | SQL, operations: Record<string, unknown>, bind: Bind): SQL | undefined {
  const conditions: SQL[] = [];
  for (const [operator, value] of Object.entries(operations)) {
    if (value === undefined) continue;
    conditions.push(operatorCondition(column, operator, value, bind));
  }
  return and(...conditions);
}

function operatorCondition(target: PgColumn | SQL, operator: string, value: unknown, bind: Bind): SQL {
  // drizzle's operators accept either at run time; only a column stores the value as its type does.
  const column = target as PgColumn;
  const bound = (item: unknown) => bind(item, is(target, Column) ? target : undefined);
  switch (operator) {
    case 'eq':
      return value === null ? isNull(column) : eq(column, bound(value));
    case 'neq':
      return value === null ? isNotNull(column) : sql`${column} is distinct from ${bound(value)}`;
    case 'gt':
      return gt(column, bound(requireValue(operator, value)));
    case 'gte':
      return gte(column, bound(requireValue(operator, value)));
    case 'lt':
      return lt(column, bound(requireValue(operator, value)));
    case 'lte':
      return lte(column, bound(requireValue(operator, value)));
    case 'in':
      return inArray(column, requireList(operator, value).map(bound));
    case 'nin':
      return not(inArray(column, requireList(operator, value).map(bound)));
    case 'contains':
      return ilike(column, bind(`%${escapeLikePattern(requireString(operator, value))}%`));
    case 'ncontains':
      return notIlike(column, bind(`%${escapeLikePattern(requireString(operator, value))}%`));
    case 'startsWith':
      return ilike(column, bind(`${escapeLikePattern(requireString(operator, value))}%`));
    case 'endsWith':
      return ilike(column, bind(`%${escapeLikePattern(requireString(operator, value))}`));
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
