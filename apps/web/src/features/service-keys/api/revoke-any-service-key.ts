import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlClient.request(revokeAnyServiceKeyDocument, { id }),
    // Also after a failure: NOT_FOUND means someone else revoked it meanwhile, so the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeysQueryKey }),
  });
}
