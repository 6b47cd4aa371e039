import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { serviceKeysQueryKey } from './get-service-keys';

export const createServiceKeyDocument = graphql(`
  mutation CreateServiceKey($name: String!) {
    createServiceKey(name: $name) {
      name
      key
    }
  }
`);

/** The answer carries the whole key: the only time it is ever shown. */
export function useCreateServiceKey() {
  return useGraphQLMutation(
    (graphqlClient, name: string) => graphqlClient.request(createServiceKeyDocument, { name }),
    {
      invalidates: [serviceKeysQueryKey],
    },
  );
}
