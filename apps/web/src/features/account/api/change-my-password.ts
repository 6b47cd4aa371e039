import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

export const changeMyPasswordDocument = graphql(`
  mutation ChangeMyPassword($input: ChangeMyPasswordInput!) {
    changeMyPassword(input: $input)
  }
`);

export type ChangeMyPasswordInput = VariablesOf<typeof changeMyPasswordDocument>['input'];

/** Changes the built-in provider's password; the server ends the person's provider sessions elsewhere. */
export function useChangeMyPassword() {
  return useGraphQLMutation((graphqlClient, input: ChangeMyPasswordInput) =>
    graphqlClient.request(changeMyPasswordDocument, { input }),
  );
}
