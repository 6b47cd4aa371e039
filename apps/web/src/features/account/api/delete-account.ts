import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

// docs/spec.md §7 names this operation in lower case.
export const deleteAccountDocument = graphql(`
  mutation deleteAccount {
    deleteAccount
  }
`);

/** Deletes the account; the session then ends in this browser (the identity provider's account is gone too). */
export function useDeleteAccount() {
  const { session } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useGraphQLMutation((graphqlClient) => graphqlClient.request(deleteAccountDocument), {
    onSuccess: async () => {
      await session.endLocally();
      queryClient.clear();
    },
  });
}
