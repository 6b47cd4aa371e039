import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import type { GraphQLClient } from './graphql-client';
import { loadListPage, splitListSearch, type ListSearch } from './list-route';

type FilteredListLoaderArgs<Filter> = Parameters<typeof loadListPage<Filter, unknown, QueryKey>>[0] & {
  cause: 'preload' | 'enter' | 'stay';
};

/**
 * The loader of a list whose filter applies as it changes (lib/use-live-filter.ts). Opening the list loads its
 * page first, like `loadListPage`; a new filter on the open list (its first page) only starts the request, so the
 * navigation ends at once and the screen keeps its rows until the new ones arrive (`useDeferredListPage`) instead
 * of the route's skeleton replacing the rows and the form being typed in.
 */
export function loadFilteredListPage<Filter, Data, Key extends QueryKey>(
  args: FilteredListLoaderArgs<Filter>,
  path: Parameters<typeof loadListPage>[1],
  pageQueryOptions: (
    graphqlClient: GraphQLClient,
    search: ListSearch<Filter>,
  ) => EnsureQueryDataOptions<Data, Error, Data, Key>,
): Promise<Data> | undefined {
  const { page } = splitListSearch(args.deps);
  if (args.cause !== 'stay' || page.after || page.before) return loadListPage(args, path, pageQueryOptions);
  const { queryClient, graphqlClient } = args.context;
  // A failure shows when the screen reads the page, as it would have in the loader.
  queryClient.ensureQueryData(pageQueryOptions(graphqlClient, args.deps)).catch(() => undefined);
  return undefined;
}
