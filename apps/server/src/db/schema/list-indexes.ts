import { type AnyPgColumn, index } from 'drizzle-orm/pg-core';

/**
 * The indexes of a list paged by `(order, id)` keysets: `<table>_<order>` over the whole list and
 * `<table>_<filter>_<order>` for each column the list filters on. Ascending on purpose: scanned backwards they serve
 * ORDER BY … DESC (NULLS FIRST, PostgreSQL's default) and forwards ASC; an index declared DESC NULLS LAST (Drizzle's
 * `.desc()`) serves neither, so every page would sort the whole table.
 */
export function keysetListIndexes(
  tableName: string,
  order: { name: string; column: AnyPgColumn },
  id: AnyPgColumn,
  filters: Record<string, AnyPgColumn>,
) {
  return [
    index(`${tableName}_${order.name}`).on(order.column, id),
    ...Object.entries(filters).map(([filterName, column]) =>
      index(`${tableName}_${filterName}_${order.name}`).on(column, order.column, id),
    ),
  ];
}
