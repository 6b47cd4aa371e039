import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';

export const changeMyPasswordDocument = graphql(`
  mutation ChangeMyPassword($input: ChangeMyPasswordInput!) {
    changeMyPassword(input: $input)
  }
`);

export type ChangeMyPasswordInput = VariablesOf<typeof changeMyPasswordDocument>['input'];

/** Changes the built-in provider's password; the server ends the person's provider sessions elsewhere. */
export function useChangeMyPassword() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useMutation({
    mutationFn: (input: ChangeMyPasswordInput) => graphqlClient.request(changeMyPasswordDocument, { input }),
  });
}
