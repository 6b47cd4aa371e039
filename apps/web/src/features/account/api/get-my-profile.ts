import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';

export const getMyProfileDocument = graphql(`
  query GetMyProfile($userId: ID) {
    myProfile(userId: $userId) {
      id
      firstName
      lastName
      email
      primaryPhone
    }
  }
`);

export type MyProfile = ResultOf<typeof getMyProfileDocument>['myProfile'];

export const myProfileQueryKey = ['account', 'profile'] as const;

export function getMyProfileQueryOptions(graphqlClient: GraphQLClient, userId: string) {
  return queryOptions({
    queryKey: [...myProfileQueryKey, userId],
    queryFn: () => graphqlClient.request(getMyProfileDocument, { userId }),
  });
}
