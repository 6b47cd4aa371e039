import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { applicationsQueryKey } from './get-all-applications';
import { graphql } from '@/lib/graphql';

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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApplicationInput) => graphqlClient.request(createApplicationDocument, { input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}
