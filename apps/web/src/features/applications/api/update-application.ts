import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { applicationsQueryKey } from './get-all-applications';
import { graphql } from '@/lib/graphql';

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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateApplicationInput) => graphqlClient.request(updateApplicationDocument, { input }),
    // The catalogue, the administration list and every view of the application.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}
