import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { serviceKeysQueryKey } from './get-service-keys';

export const createServiceKeyDocument = graphql(`
  mutation CreateServiceKey($name: String!) {
    createServiceKey(name: $name) {
      id
      name
      prefix
      key
    }
  }
`);

/** The answer carries the whole key: the only time it is ever shown. */
export function useCreateServiceKey() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => graphqlClient.request(createServiceKeyDocument, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeysQueryKey }),
  });
}
