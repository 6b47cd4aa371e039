import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { sessionFieldsFragment } from '@/lib/api/session-fields';
import { graphql } from '@/lib/graphql';

export const getMySessionsDocument = graphql(
  `
    query GetMySessions {
      mySessions {
        ...SessionFields
        current
      }
    }
  `,
  [sessionFieldsFragment],
);

export type MySession = ResultOf<typeof getMySessionsDocument>['mySessions'][number];

export const mySessionsQueryKey = ['account', 'sessions'] as const;

export function getMySessionsQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: mySessionsQueryKey,
    queryFn: () => graphqlClient.request(getMySessionsDocument),
  });
}
