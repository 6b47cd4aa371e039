import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { FileRouteTypes } from '@/routeTree.gen';
import type { SignedInRouterContext } from '@/router';
import {
  cursorPageSearchOf,
  cursorPageVariables,
  loadPageOrFirstPage,
  searchText,
  type CursorPageSearch,
} from './cursor-paging';
import type { GraphQLClient } from './graphql-client';

// The parts every cursor-paged list route shares (docs/decisions/0072: a list's state lives in its URL).
// Only what is light goes in a route's `validateSearch`, which runs in the start-up bundle; the query
// options reach the loader, which is fetched with the route's screen.

/** What a list's URL holds: its filter and the cursor of the page shown. */
export type ListSearch<Filter> = CursorPageSearch & Filter;

/** The filter of the lists searched by one text (users, teams, applications, service keys). */
export type TextSearch = { search?: string };

export function textSearchOf(search: Record<string, unknown>): TextSearch {
  return { search: searchText(search.search) };
}

/**
 * What a list route's `validateSearch` returns: the cursor and the filter `filterOf` reads from the URL.
 * Hand-written rather than zod, which would add a fifth to the start-up bundle (docs/decisions/0056).
 * (`validateSearch` itself stays an arrow with a typed parameter: the router infers the loader's `deps` from it.)
 */
export function listSearchOf<Filter>(
  search: Record<string, unknown>,
  filterOf: (search: Record<string, unknown>) => Filter,
): ListSearch<Filter> {
  return { ...cursorPageSearchOf(search), ...filterOf(search) };
}

/** A list's search split into the page's cursor and the filter (what a new page keeps). */
export function splitListSearch<Filter>({ after, before, ...filter }: ListSearch<Filter>) {
  return { page: { after, before } satisfies CursorPageSearch, filter: filter as Filter };
}

export type PagingVariables = 'first' | 'after' | 'last' | 'before';

/**
 * The query options of the page a list's URL names, from the list's own query options: the filter
 * becomes variables through `variablesOf`, the cursor paging arguments for pages of `pageSize` rows.
 */
export function listPageQueryOptions<Filter, Variables extends Partial<Record<PagingVariables, unknown>>, Options>(
  queryOptionsOf: (graphqlClient: GraphQLClient, variables: Variables) => Options,
  pageSize: number,
  variablesOf: (filter: Filter) => Omit<Variables, PagingVariables>,
): (graphqlClient: GraphQLClient, search: ListSearch<Filter>) => Options {
  return (graphqlClient, search) => {
    const { page, filter } = splitListSearch(search);
    return queryOptionsOf(graphqlClient, {
      ...variablesOf(filter),
      ...cursorPageVariables(page, pageSize),
    } as Variables);
  };
}

type ListLoaderArgs<Filter> = {
  context: Pick<SignedInRouterContext, 'queryClient' | 'graphqlClient'>;
  deps: ListSearch<Filter>;
};

/**
 * A list route's loader: loads the page its URL names. When the server refuses the cursor (edited by hand,
 * or kept from before the list's order changed), it redirects to `path`, the list's first page under the
 * same filter, instead of showing an error page.
 */
export function loadListPage<Filter, Data, Key extends QueryKey>(
  { context: { queryClient, graphqlClient }, deps }: ListLoaderArgs<Filter>,
  path: ListPath,
  pageQueryOptions: (
    graphqlClient: GraphQLClient,
    search: ListSearch<Filter>,
  ) => EnsureQueryDataOptions<Data, Error, Data, Key>,
): Promise<Data> {
  const { page, filter } = splitListSearch(deps);
  return loadPageOrFirstPage(
    page,
    () => queryClient.ensureQueryData(pageQueryOptions(graphqlClient, deps)),
    // The router types each path's search apart; `filter` is the search of `path` by the caller's word.
    () => redirect({ to: path, search: filter as never, replace: true }),
  );
}

/** A path of the app (a list's first page). */
type ListPath = FileRouteTypes['to'];

/** What a list screen gets from its route: the search it shows and a way to show another. */
export interface ListScreenProps<Filter> {
  search: ListSearch<Filter>;
  onSearchChange: (search: ListSearch<Filter>, options?: { replace?: boolean }) => void;
}
