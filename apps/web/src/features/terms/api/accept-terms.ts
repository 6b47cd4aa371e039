import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { termsOfServiceQueryKey } from './get-terms-of-service';

export const acceptTermsDocument = graphql(`
  mutation AcceptTerms($version: String) {
    acceptTerms(version: $version) {
      id
      hasAcceptedCurrentTerms
    }
  }
`);

/**
 * Accepts the version the user was shown (the server refuses an outdated one), then reloads the
 * session user so the route guard lets them through.
 */
export function useAcceptTerms() {
  const { session } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useGraphQLMutation(
    (graphqlClient, version: string) => graphqlClient.request(acceptTermsDocument, { version }),
    {
      onSuccess: () => session.loadUser(),
      // A refusal means the text changed since it was shown: show the current one.
      onError: () => queryClient.invalidateQueries({ queryKey: termsOfServiceQueryKey }),
    },
  );
}
