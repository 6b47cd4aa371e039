import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { serviceKeysQueryKey } from './get-service-keys';

export const revokeAnyServiceKeyDocument = graphql(`
  mutation RevokeAnyServiceKey($id: ID!) {
    revokeAnyServiceKey(id: $id) {
      id
    }
  }
`);

/** A system administrator revokes anyone's key. */
export function useRevokeAnyServiceKey() {
  return useGraphQLMutation((graphqlClient, id: string) => graphqlClient.request(revokeAnyServiceKeyDocument, { id }), {
    // Also after a failure: NOT_FOUND means someone else revoked it meanwhile, so the list is stale.
    invalidates: [serviceKeysQueryKey],
    invalidatesAfterFailure: true,
  });
}
