import { useSuspenseQuery, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import type { GraphQLClient } from './graphql-client';
import type { ListSearch } from './list-route';

/**
 * The page a list screen shows, read with the same query options its route's loader ensured
 * (`loadListPage`). Apart from lib/list-route.ts, which the start-up bundle carries, so that TanStack Query
 * stays out of it.
 */
export function useListPage<Filter, Data, Key extends QueryKey>(
  pageQueryOptions: (
    graphqlClient: GraphQLClient,
    search: ListSearch<Filter>,
  ) => UseSuspenseQueryOptions<Data, Error, Data, Key>,
  search: ListSearch<Filter>,
): Data {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useSuspenseQuery(pageQueryOptions(graphqlClient, search)).data;
}

/**
 * The page of a filtered list, keeping the rows shown while those of a new search load (React defers the render
 * that waits for them): `isUpdating` until they arrive. Its route's loader does not hold a new filter back
 * (lib/filtered-list-loader.ts).
 */
export function useDeferredListPage<Filter, Data, Key extends QueryKey>(
  pageQueryOptions: (
    graphqlClient: GraphQLClient,
    search: ListSearch<Filter>,
  ) => UseSuspenseQueryOptions<Data, Error, Data, Key>,
  search: ListSearch<Filter>,
): { data: Data; isUpdating: boolean } {
  const shownSearch = useDeferredValue(search);
  const data = useListPage(pageQueryOptions, shownSearch);
  return { data, isUpdating: shownSearch !== search };
}
