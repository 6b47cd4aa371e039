import { GraphQLRequestError } from './graphql-client';

/** The `after`/`before` search parameters of a paged list route (keyset cursors, docs/api.md). */
export type CursorPageSearch = { after?: string; before?: string };

/**
 * Reads the cursors from a route's search. Hand-written rather than zod because `validateSearch` runs
 * in the start-up bundle, which is kept free of zod.
 */
export function cursorPageSearchOf(search: Record<string, unknown>): CursorPageSearch {
  const after = searchText(search.after);
  const before = searchText(search.before);
  return before ? { before } : after ? { after } : {};
}

/** A non-empty, trimmed text search parameter, or undefined. */
export function searchText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** A day search parameter, `YYYY-MM-DD`, or undefined. */
export function searchDay(value: unknown): string | undefined {
  const text = searchText(value);
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
}

/** GraphQL paging arguments for a page of `size` rows: forwards after a cursor, backwards before one. */
export function cursorPageVariables({ after, before }: CursorPageSearch, size: number) {
  return before ? { last: size, before } : { first: size, ...(after ? { after } : {}) };
}

/**
 * Runs a paged list's loader. When the server refuses the page's cursor (edited by hand, or kept from before
 * the list's order changed), what `firstPage` returns is thrown instead: a redirect to the same list without
 * the cursor, so the visitor sees the first page rather than an error page.
 */
export async function loadPageOrFirstPage<T>(
  page: CursorPageSearch,
  load: () => Promise<T>,
  firstPage: () => unknown,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const isRefusedCursor =
      (page.after ?? page.before) && error instanceof GraphQLRequestError && error.code === 'INVALID_REQUEST';
    throw isRefusedCursor ? firstPage() : error;
  }
}
