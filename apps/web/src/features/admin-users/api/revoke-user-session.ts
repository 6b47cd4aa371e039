import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
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
  return useGraphQLMutation((graphqlClient, id: string) => graphqlClient.request(revokeUserSessionDocument, { id }), {
    invalidates: [userSessionsQueryKey],
  });
}
