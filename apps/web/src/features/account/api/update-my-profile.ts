import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { myProfileQueryKey } from './get-my-profile';

export const updateMyProfileDocument = graphql(`
  mutation UpdateMyProfile($userInput: UpdateMyProfileInput!) {
    updateMyProfile(userInput: $userInput) {
      id
      firstName
      lastName
      email
      primaryPhone
    }
  }
`);

export type UpdateMyProfileInput = VariablesOf<typeof updateMyProfileDocument>['userInput'];

/** Saves the profile, then reloads the session user so the header shows the new name. */
export function useUpdateMyProfile() {
  const { graphqlClient, session } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userInput: UpdateMyProfileInput) => graphqlClient.request(updateMyProfileDocument, { userInput }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: myProfileQueryKey }), session.loadUser()]);
    },
  });
}
