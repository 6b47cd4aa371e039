import { createHash } from 'node:crypto';
import { type Column, is, Param, Placeholder, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from './client.js';

/**
 * Stands for a value in a statement as a named placeholder, so one shape of statement renders one SQL text
 * whatever the values. With a column, the value is stored as the column stores it (a Date as an ISO string).
 */
export type Bind = (value: unknown, column?: Column) => Placeholder | Param;

/** The values of one execution, collected in the order the statement's conditions bind them. */
export class StatementParameters {
  readonly values: Record<string, unknown> = {};
  #count = 0;

  readonly bind: Bind = (value, column) => {
    const name = `p${this.#count++}`;
    this.values[name] = value;
    const placeholder = sql.placeholder(name);
    return column ? new Param(placeholder, column) : placeholder;
  };
}

/** What `executeShaped` needs of a Drizzle query builder. */
export interface PreparableQuery<Result> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Result> };
}

interface CachedStatement {
  text: string;
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/** Shapes kept per executor; a client sending ever new filter shapes evicts the oldest, never grows memory. */
const MAX_SHAPES = 500;

/**
 * PostgreSQL keeps a named statement in each connection until it closes; past this many names, new shapes
 * run unnamed (parsed per execution), so no client can fill PostgreSQL's memory with filter shapes.
 */
const MAX_NAMED_STATEMENTS = 200;

/**
 * Outside production every reuse is rendered again and compared, so a shape key that misses something
 * that changes the SQL fails the tests instead of running another statement's SQL.
 */
const isVerifyingShapes = process.env.NODE_ENV !== 'production';

const namedStatements = new Set<string>();
const statementsByExecutor = new WeakMap<DatabaseExecutor, Map<string, CachedStatement>>();

/**
 * Runs a statement that is rendered to SQL once per shape and then executed as a prepared statement with new
 * values: rendering a Drizzle query costs more than the rest of a small request's own work, and PostgreSQL
 * parses and plans a named statement once per connection. `shape` names everything but values that changes
 * the SQL; `build` is called only to render a new shape, and every value in it must come from `bind`.
 */
export async function executeShaped<Result>(
  db: DatabaseExecutor,
  shape: string,
  build: () => PreparableQuery<Result>,
  values: Record<string, unknown>,
): Promise<Result> {
  let statements = statementsByExecutor.get(db);
  if (!statements) {
    statements = new Map();
    statementsByExecutor.set(db, statements);
  }
  let statement = statements.get(shape);
  if (!statement) {
    statement = prepareShape(shape, build());
    if (statements.size >= MAX_SHAPES) statements.delete(statements.keys().next().value!);
    statements.set(shape, statement);
  } else if (isVerifyingShapes) {
    const { sql: text } = build().toSQL();
    if (text !== statement.text) {
      throw new Error(`Statement shape "${shape}" renders two different statements:\n${statement.text}\n${text}`);
    }
  }
  return statement.execute(values) as Promise<Result>;
}

function prepareShape<Result>(shape: string, query: PreparableQuery<Result>): CachedStatement {
  const { sql: text, params } = query.toSQL();
  // A value written into the SQL would be reused for every later caller of this shape: refuse it.
  if (!params.every((param) => is(param, Placeholder) || (is(param, Param) && is(param.value, Placeholder)))) {
    throw new Error(`Statement shape "${shape}" has a value that is not bound as a placeholder:\n${text}`);
  }
  // The same text always gets the same name, so a connection that prepared it earlier reuses it.
  const name = `dxp_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
  const isNamed = namedStatements.has(name) || namedStatements.size < MAX_NAMED_STATEMENTS;
  if (isNamed) namedStatements.add(name);
  // node-postgres prepares a statement only when it has a name; an empty one runs it unnamed.
  const prepared = query.prepare(isNamed ? name : '');
  return { text, execute: (values) => prepared.execute(values) };
}
