import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { myHomepageQueryKey } from '@/lib/query-keys';

export const addTeamDocument = graphql(`
  mutation AddTeam($input: AddTeamInput!) {
    addTeam(input: $input) {
      id
      friendlyId
      name
    }
  }
`);

export type AddTeamInput = VariablesOf<typeof addTeamDocument>['input'];

export function useAddTeam() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddTeamInput) => (await graphqlClient.request(addTeamDocument, { input })).addTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
  });
}
