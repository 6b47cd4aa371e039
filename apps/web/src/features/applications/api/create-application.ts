import type { VariablesOf } from 'gql.tada';
import { applicationsQueryKey } from './get-all-applications';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

export const createApplicationDocument = graphql(`
  mutation CreateApplication($input: CreateApplicationInput!) {
    createApplication(input: $input) {
      id
      name
    }
  }
`);

export type CreateApplicationInput = VariablesOf<typeof createApplicationDocument>['input'];

/** Publishes a new application to the catalogue (system administrators). */
export function useCreateApplication() {
  return useGraphQLMutation(
    (graphqlClient, input: CreateApplicationInput) => graphqlClient.request(createApplicationDocument, { input }),
    { invalidates: [applicationsQueryKey] },
  );
}
