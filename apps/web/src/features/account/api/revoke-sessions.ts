import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
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
  return useGraphQLMutation((graphqlClient, id: string) => graphqlClient.request(revokeSessionDocument, { id }), {
    invalidates: [mySessionsQueryKey],
  });
}

/** "Sign out everywhere else": every session but this browser's ends. */
export function useRevokeOtherSessions() {
  return useGraphQLMutation((graphqlClient) => graphqlClient.request(revokeOtherSessionsDocument), {
    invalidates: [mySessionsQueryKey],
  });
}
