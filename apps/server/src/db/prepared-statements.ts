import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { Column, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
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

/**
 * True when `executeShaped` would run this shape's statement as rendered before, so the values alone are needed (never
 * outside production, where every reuse is rendered again to be compared).
 */
export function isShapeRendered(db: DatabaseExecutor, shape: string): boolean {
  return !isVerifyingShapes && statementsByExecutor.get(db)?.has(shape) === true;
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
  const prepared = withCompiledRowMapper(query.prepare(isNamed ? name : ''));
  return { text, execute: (values) => prepared.execute(values) };
}

/** What Drizzle's prepared queries (node-postgres and PGlite alike) keep of a statement's columns. */
interface DrizzlePreparedQuery {
  fields?: drizzle.SelectedFieldsOrdered<Column>;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface DriverValueDecoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** One column of a result row: where it goes in the mapped row and how its driver value is read. */
interface MappedColumn {
  path: string[];
  decoder: DriverValueDecoder;
}

/** The decoder Drizzle's `mapResultRow` picks for a selected field, picked once per statement instead of per cell. */
function decoderOf(field: drizzle.SelectedFieldsOrdered<Column>[number]['field']): DriverValueDecoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: DriverValueDecoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: DriverValueDecoder } } })._.sql.decoder;
  return (field as unknown as { sql: { decoder: DriverValueDecoder } }).sql.decoder;
}

interface ObjectSource {
  /** The object's keys in the order the row's columns first reach them, as Drizzle builds them. */
  entries: Map<string, string | ObjectSource>;
}

/**
 * A row mapper for one statement's columns, generated as one object literal per statement (as graphql-jit does for
 * answers): every mapped row of a statement then has one shape and is built without a lookup per cell.
 */
function compileRowMapper(columns: MappedColumn[]): (row: unknown[]) => Record<string, unknown> {
  const root: ObjectSource = { entries: new Map() };
  columns.forEach(({ path }, index) => {
    let node = root;
    for (const key of path.slice(0, -1)) {
      let child = node.entries.get(key);
      if (typeof child !== 'object') {
        child = { entries: new Map() };
        node.entries.set(key, child);
      }
      node = child;
    }
    node.entries.set(path.at(-1)!, `row[${index}] === null ? null : decoder${index}.mapFromDriverValue(row[${index}])`);
  });
  const literal = (node: ObjectSource): string =>
    `{ ${[...node.entries]
      .map(([key, value]) => `${JSON.stringify(key)}: ${typeof value === 'string' ? value : literal(value)}`)
      .join(', ')} }`;
  const decoderNames = columns.map((_, index) => `decoder${index}`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is built from column indexes and JSON-quoted keys only
  const build = new Function(...decoderNames, `return (row) => (${literal(root)});`) as (
    ...decoders: DriverValueDecoder[]
  ) => (row: unknown[]) => Record<string, unknown>;
  return build(...columns.map((column) => column.decoder));
}

/** Drizzle's own row mapping, which the compiled one must match (checked outside production). */
const drizzleMapResultRow = (drizzle as unknown as { mapResultRow?: unknown }).mapResultRow as
  | ((
      fields: drizzle.SelectedFieldsOrdered<Column>,
      row: unknown[],
      joinsNotNullableMap: Record<string, boolean> | undefined,
    ) => Record<string, unknown>)
  | undefined;

/**
 * Maps a prepared query's rows with a mapper compiled for its columns, instead of Drizzle's `mapResultRow`, which
 * finds each cell's decoder again in every row (docs/performance.md, "What moved the cheapest reads"). A statement
 * whose outer joins could make a joined table's object null is left to Drizzle. Outside production each mapped row
 * is compared with Drizzle's, so a Drizzle upgrade that maps differently fails the tests.
 */
export function withCompiledRowMapper<Prepared extends object>(prepared: Prepared): Prepared {
  const query = prepared as DrizzlePreparedQuery;
  const { fields, joinsNotNullableMap } = query;
  if (!fields || query.customResultMapper) return prepared;
  // Drizzle nulls the object of a table that may be absent (an outer join) when all its columns are null.
  const mayNullTableObject = fields.some(
    ({ path, field }) =>
      joinsNotNullableMap &&
      path.length === 2 &&
      is(field, Column) &&
      joinsNotNullableMap[drizzle.getTableName(field.table)] !== true,
  );
  if (mayNullTableObject) return prepared;
  const mapRow = compileRowMapper(fields.map(({ path, field }) => ({ path, decoder: decoderOf(field) })));
  query.customResultMapper = isVerifyingShapes
    ? (rows) =>
        rows.map((row) => {
          const mapped = mapRow(row);
          if (!drizzleMapResultRow)
            throw new Error('drizzle-orm no longer exports mapResultRow: check withCompiledRowMapper');
          if (!isDeepStrictEqual(mapped, drizzleMapResultRow(fields, row, joinsNotNullableMap))) {
            throw new Error(`The compiled row mapper and Drizzle's map a row differently: ${JSON.stringify(row)}`);
          }
          return mapped;
        })
    : (rows) => rows.map(mapRow);
  return prepared;
}
