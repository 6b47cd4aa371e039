import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { queryOptions } from '@tanstack/react-query';
import type { GraphQLClient } from '@/lib/graphql-client';

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
