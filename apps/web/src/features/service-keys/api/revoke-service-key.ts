import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { serviceKeysQueryKey } from './get-service-keys';

export const revokeServiceKeyDocument = graphql(`
  mutation RevokeServiceKey($id: ID!) {
    revokeServiceKey(id: $id) {
      id
    }
  }
`);

export function useRevokeServiceKey() {
  return useGraphQLMutation((graphqlClient, id: string) => graphqlClient.request(revokeServiceKeyDocument, { id }), {
    invalidates: [serviceKeysQueryKey],
  });
}
