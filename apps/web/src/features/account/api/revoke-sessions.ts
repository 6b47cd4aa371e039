import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { mySessionsQueryKey } from './get-my-sessions';

export const revokeSessionDocument = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id) {
      id
    }
  }
`);

export const revokeOtherSessionsDocument = graphql(`
  mutation RevokeOtherSessions {
    revokeOtherSessions
  }
`);

/** Ends one of the person's other sessions; its browser is refused on its next request. */
export function useRevokeSession() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlClient.request(revokeSessionDocument, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryKey }),
  });
}

/** "Sign out everywhere else": every session but this browser's ends. */
export function useRevokeOtherSessions() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => graphqlClient.request(revokeOtherSessionsDocument),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryKey }),
  });
}
