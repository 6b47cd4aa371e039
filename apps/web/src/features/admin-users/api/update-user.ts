import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { usersQueryKeys } from './account-actions';

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
  return useGraphQLMutation(
    (graphqlClient, userInput: UpdateUserInput) => graphqlClient.request(updateUserDocument, { userInput }),
    { invalidates: usersQueryKeys },
  );
}
