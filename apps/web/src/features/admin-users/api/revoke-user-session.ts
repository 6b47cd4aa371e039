import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { userSessionsQueryKey } from './get-user-sessions';

export const revokeUserSessionDocument = graphql(`
  mutation RevokeUserSession($id: ID!) {
    revokeUserSession(id: $id) {
      id
    }
  }
`);

/** Ends one of a person's sessions; that browser is refused on its next request. */
export function useRevokeUserSession() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlClient.request(revokeUserSessionDocument, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
  });
}
