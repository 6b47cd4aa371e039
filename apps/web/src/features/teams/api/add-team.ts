import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { allTeamsQueryKey } from '@/lib/api/get-all-teams';
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
        queryClient.invalidateQueries({ queryKey: allTeamsQueryKey }),
      ]),
  });
}
