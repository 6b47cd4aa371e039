import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';

export const getServiceKeysDocument = graphql(`
  query GetServiceKeys {
    serviceKeys {
      id
      name
      prefix
      createdAt
      lastUsedAt
    }
  }
`);

export type ServiceKeySummary = ResultOf<typeof getServiceKeysDocument>['serviceKeys'][number];

export const serviceKeysQueryKey = ['service-keys'] as const;

export function getServiceKeysQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: serviceKeysQueryKey,
    queryFn: () => graphqlClient.request(getServiceKeysDocument),
  });
}
