import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { sessionFieldsFragment } from '@/lib/api/session-fields';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';

export const getUserSessionsDocument = graphql(
  `
    query GetUserSessions($userId: ID!) {
      userSessions(userId: $userId) {
        ...SessionFields
      }
    }
  `,
  [sessionFieldsFragment],
);

export type UserSession = ResultOf<typeof getUserSessionsDocument>['userSessions'][number];

export const userSessionsQueryKey = ['admin-users', 'sessions'] as const;

export function getUserSessionsQueryOptions(graphqlClient: GraphQLClient, userId: string) {
  return queryOptions({
    queryKey: [...userSessionsQueryKey, userId],
    queryFn: () => graphqlClient.request(getUserSessionsDocument, { userId }),
  });
}
