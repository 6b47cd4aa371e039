import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { queryOptions } from '@tanstack/react-query';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions, type PagingVariables } from '@/lib/list-route';

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
