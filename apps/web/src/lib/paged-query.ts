import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { infiniteQueryOptions, type QueryKey, queryOptions } from '@tanstack/react-query';
import { nextPageParam } from '@/lib/api/page-info';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions, type PagingVariables, type TextSearch } from '@/lib/list-route';

/**
 * Query options for one page of a cursor-paged list: `listKey` names the list (invalidating it refreshes
 * every page), and the variables (search, filters, cursors) complete the key of each page.
 */
export function pagedQueryOptions<Result, Variables>(
  graphqlClient: GraphQLClient,
  document: TypedDocumentNode<Result, Variables>,
  listKey: readonly unknown[],
  variables: Variables,
) {
  return queryOptions({
    queryKey: [...listKey, variables],
    queryFn: () => graphqlClient.request(document, variables),
  });
}

/** The variables of a list searched by one text: the search as it stands. */
export const textSearchVariables = (filter: TextSearch) => filter;

/**
 * A cursor-paged list sent as `document`: `queryOptions` asks for any page by its variables, `pageQueryOptions`
 * for the page a list's URL names (its filter made variables by `variablesOf`, pages of `pageSize` rows).
 */
export function cursorPagedList<Result, Variables extends Partial<Record<PagingVariables, unknown>>, Filter>(
  document: TypedDocumentNode<Result, Variables>,
  listKey: readonly unknown[],
  pageSize: number,
  variablesOf: (filter: Filter) => Omit<Variables, PagingVariables>,
) {
  const pageOf = (graphqlClient: GraphQLClient, variables: Variables) =>
    pagedQueryOptions(graphqlClient, document, listKey, variables);
  return { queryOptions: pageOf, pageQueryOptions: listPageQueryOptions(pageOf, pageSize, variablesOf) };
}

/**
 * Options for a list read forwards a page at a time (an infinite list): `fetchPage` asks for the page after a
 * cursor (none for the first), and a next page follows the last one's end cursor while the list goes on.
 */
export function infiniteCursorQueryOptions<Page extends Parameters<typeof nextPageParam>[0], Key extends QueryKey>(
  queryKey: Key,
  fetchPage: (after: string | undefined) => Promise<Page>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
  });
}
