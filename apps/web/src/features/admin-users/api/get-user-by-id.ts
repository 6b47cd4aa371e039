import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';

export const getUserByIdDocument = graphql(`
  query GetUserById($userId: ID!) {
    userById(userId: $userId) {
      id
      firstName
      lastName
      email
      primaryPhone
      ordwayCustomerId
      isSystemAdmin
      isEmailVerified
      suspendedAt
      lastLogin
      teams {
        id
        friendlyId
        name
        roleName
        enabled
      }
    }
  }
`);

export type AdminUser = ResultOf<typeof getUserByIdDocument>['userById'];

export const userByIdQueryKey = ['admin-users', 'by-id'] as const;

export function getUserByIdQueryOptions(graphqlClient: GraphQLClient, userId: string) {
  return queryOptions({
    queryKey: [...userByIdQueryKey, userId],
    queryFn: () => graphqlClient.request(getUserByIdDocument, { userId }),
  });
}
