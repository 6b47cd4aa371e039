import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { serviceKeysQueryKey } from './get-service-keys';

export const revokeServiceKeyDocument = graphql(`
  mutation RevokeServiceKey($id: ID!) {
    revokeServiceKey(id: $id) {
      id
    }
  }
`);

export function useRevokeServiceKey() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlClient.request(revokeServiceKeyDocument, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeysQueryKey }),
  });
}
