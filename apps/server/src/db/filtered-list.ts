import { and, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from './client.js';
import {
  type FilterField,
  type FilterFields,
  type FilterKind,
  filterCondition,
  type FilterInput,
  filterShape,
} from './filter-conditions.js';
import { findPage, type OrderInput, type Page, type PageRequest, resolveSortTerms } from './keyset-pagination.js';
import type { Bind } from './prepared-statements.js';

/**
 * A list a client filters and orders: the fields its `where` may use, the (indexed) columns its `order` may
 * name and its order when the client names none. The GraphQL layer builds the list's filter and sort inputs
 * from the same fields (`listArgumentsOf`).
 */
export interface FilteredList<Table extends PgTable, Fields extends FilterFields, SortField extends string> {
  table: Table;
  /** The table's id, which breaks ties so every row has one position. */
  id: PgColumn;
  filterFields: Fields;
  sortFields: Record<SortField, PgColumn>;
  defaultOrder: OrderInput<SortField>;
}

/**
 * A filter field by its kind alone is the table's column of the same name; a `FilterField` names its column
 * itself (another name, or an expression such as a correlated subquery).
 */
type FilterSpec = Record<string, FilterKind | FilterField>;
type FieldsOf<Spec extends FilterSpec> = {
  [Name in keyof Spec]: Spec[Name] extends FilterKind ? FilterField<Spec[Name]> : Extract<Spec[Name], FilterField>;
};
/** Refuses a field given by its kind alone whose name is not a column of the table. */
type ColumnNamed<Spec extends FilterSpec, Table extends PgTable> = {
  [Name in keyof Spec]: Spec[Name] extends FilterKind
    ? Name extends keyof Table['_']['columns']
      ? Spec[Name]
      : never
    : Spec[Name];
};

export function defineFilteredList<
  Table extends PgTable & { id: PgColumn },
  const Spec extends FilterSpec,
  SortField extends string,
>(
  table: Table,
  list: {
    filter: Spec & ColumnNamed<Spec, Table>;
    /** Indexed columns only. */
    sort: Record<SortField, PgColumn>;
    defaultOrder: OrderInput<SortField>;
  },
): FilteredList<Table, FieldsOf<Spec>, SortField> {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const filterFields = Object.fromEntries(
    Object.entries(list.filter).map(([name, field]) => [
      name,
      typeof field === 'string' ? { kind: field, column: columns[name]! } : field,
    ]),
  ) as unknown as FieldsOf<Spec>;
  return { table, id: table.id, filterFields, sortFields: list.sort, defaultOrder: list.defaultOrder };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table and fields: only the one part is read
type AnyFilteredList = FilteredList<any, any, any>;

/** A list's `where` argument. */
export type ListFilter<List extends AnyFilteredList> = FilterInput<List['filterFields']>;
/** A list's `order` argument. */
export type ListOrder<List extends AnyFilteredList> = OrderInput<keyof List['sortFields'] & string>;

/** What a client asks of a filtered list. */
export interface ListRequest<List extends AnyFilteredList> {
  where?: ListFilter<List> | null;
  order?: ListOrder<List> | null;
  page: PageRequest;
}

/**
 * The rows a caller may see at all, whatever their filter (one owner's, one team's): `condition` binds its
 * values through `bind`, `shape` names what of it changes the SQL text.
 */
export interface ListScope {
  shape: string;
  condition: (bind: Bind) => SQL | undefined;
}

/** One keyset page of `list` within `scope`, filtered and ordered as the client asked. */
export function findFilteredPage<Table extends PgTable, Fields extends FilterFields, SortField extends string>(
  db: DatabaseExecutor,
  list: FilteredList<Table, Fields, SortField>,
  request: {
    where?: FilterInput<Fields> | null;
    order?: OrderInput<SortField> | null;
    page: PageRequest;
  },
  scope?: ListScope,
): Promise<Page<Table['$inferSelect']>> {
  const { where } = request;
  return findPage({
    db,
    table: list.table,
    shape: scope ? `${scope.shape} ${filterShape(where)}` : filterShape(where),
    where: (bind) => and(scope?.condition(bind), filterCondition(list.filterFields, where, bind)),
    sortTerms: resolveSortTerms({
      order: request.order,
      sortable: list.sortFields,
      defaultOrder: list.defaultOrder,
      id: list.id,
    }),
    page: request.page,
  });
}
