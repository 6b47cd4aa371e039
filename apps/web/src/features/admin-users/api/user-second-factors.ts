import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import type { GraphQLClient } from '@/lib/graphql-client';
import { userSessionsQueryKey } from './get-user-sessions';

export const getUserSecondFactorsDocument = graphql(`
  query GetUserSecondFactors($userId: ID!) {
    userSecondFactors(userId: $userId) {
      managedHere
      totpEnabled
      recoveryCodesLeft
      passkeyCount
    }
  }
`);

export const resetSecondFactorsDocument = graphql(`
  mutation ResetSecondFactors($userId: ID!) {
    resetSecondFactors(userId: $userId) {
      managedHere
      totpEnabled
      recoveryCodesLeft
      passkeyCount
    }
  }
`);

export type UserSecondFactors = ResultOf<typeof getUserSecondFactorsDocument>['userSecondFactors'];

export const userSecondFactorsQueryKey = ['admin-users', 'second-factors'] as const;

export function getUserSecondFactorsQueryOptions(graphqlClient: GraphQLClient, userId: string) {
  return queryOptions({
    queryKey: [...userSecondFactorsQueryKey, userId],
    queryFn: () => graphqlClient.request(getUserSecondFactorsDocument, { userId }),
  });
}

/** Removes a person's authenticator app, recovery codes and passkeys; their sessions end too. */
export function useResetSecondFactors(userId: string) {
  const queryClient = useQueryClient();
  return useGraphQLMutation((graphqlClient) => graphqlClient.request(resetSecondFactorsDocument, { userId }), {
    invalidates: [userSessionsQueryKey],
    onSuccess: (data) =>
      queryClient.setQueryData([...userSecondFactorsQueryKey, userId], {
        userSecondFactors: data.resetSecondFactors,
      }),
  });
}
