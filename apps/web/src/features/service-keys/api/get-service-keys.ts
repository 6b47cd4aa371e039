import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';

export const getServiceKeysDocument = graphql(`
  query GetServiceKeys($first: Int) {
    serviceKeys(first: $first) {
      totalCount
      nodes {
        id
        name
        prefix
        createdAt
        lastUsedAt
      }
    }
  }
`);

export type ServiceKeySummary = NonNullable<ResultOf<typeof getServiceKeysDocument>['serviceKeys']['nodes']>[number];

/** One page of the largest size the API allows: a person keeps a handful of keys, the list says when there are more. */
export const serviceKeysPageSize = 100;

export const serviceKeysQueryKey = ['service-keys'] as const;

export function getServiceKeysQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: serviceKeysQueryKey,
    queryFn: async () =>
      (await graphqlClient.request(getServiceKeysDocument, { first: serviceKeysPageSize })).serviceKeys,
  });
}
