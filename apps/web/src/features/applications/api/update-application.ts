import type { VariablesOf } from 'gql.tada';
import { applicationsQueryKey } from './get-all-applications';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

export const updateApplicationDocument = graphql(`
  mutation UpdateApplication($input: UpdateApplicationInput!) {
    updateApplication(input: $input) {
      id
      name
    }
  }
`);

export type UpdateApplicationInput = VariablesOf<typeof updateApplicationDocument>['input'];

/** Saves an application's details (only the fields sent change). */
export function useUpdateApplication() {
  return useGraphQLMutation(
    (graphqlClient, input: UpdateApplicationInput) => graphqlClient.request(updateApplicationDocument, { input }),
    // The catalogue, the administration list and every view of the application.
    { invalidates: [applicationsQueryKey] },
  );
}
