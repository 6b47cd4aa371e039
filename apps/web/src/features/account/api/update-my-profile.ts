import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
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
  const { session } = useRouteContext({ from: '__root__' });
  return useGraphQLMutation(
    (graphqlClient, userInput: UpdateMyProfileInput) => graphqlClient.request(updateMyProfileDocument, { userInput }),
    { invalidates: [myProfileQueryKey], onSuccess: () => session.loadUser() },
  );
}
