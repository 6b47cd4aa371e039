import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { allUsersQueryKey } from './get-all-users';
import { userByIdQueryKey } from './get-user-by-id';

export const updateUserDocument = graphql(`
  mutation UpdateUser($userInput: UpdateUserInput!) {
    updateUser(userInput: $userInput) {
      id
      firstName
      lastName
      primaryPhone
      ordwayCustomerId
      isSystemAdmin
    }
  }
`);

export type UpdateUserInput = VariablesOf<typeof updateUserDocument>['userInput'];

/** Saves a user's details as a system administrator; the list and the user's page show the change. */
export function useUpdateUser() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userInput: UpdateUserInput) => graphqlClient.request(updateUserDocument, { userInput }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: allUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: userByIdQueryKey }),
      ]);
    },
  });
}
