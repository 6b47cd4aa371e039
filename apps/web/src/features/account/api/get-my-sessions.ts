import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';

export const getMySessionsDocument = graphql(`
  query GetMySessions {
    mySessions {
      id
      current
      createdAt
      lastSeenAt
      clientAddress
      userAgent
    }
  }
`);

export type MySession = ResultOf<typeof getMySessionsDocument>['mySessions'][number];

export const mySessionsQueryKey = ['account', 'sessions'] as const;

export function getMySessionsQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: mySessionsQueryKey,
    queryFn: () => graphqlClient.request(getMySessionsDocument),
  });
}
