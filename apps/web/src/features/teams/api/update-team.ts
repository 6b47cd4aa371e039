import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { myHomepageQueryKey, teamQueryKey } from '@/lib/query-keys';

export const updateTeamDocument = graphql(`
  mutation UpdateTeam($input: UpdateTeamInput!) {
    updateTeam(input: $input) {
      id
      friendlyId
      name
      logoUrl
    }
  }
`);

export type UpdateTeamInput = VariablesOf<typeof updateTeamDocument>['input'];

export function useUpdateTeam() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateTeamInput) =>
      (await graphqlClient.request(updateTeamDocument, { input })).updateTeam,
    onSuccess: (_team, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey(input.teamFriendlyId) }),
        queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
      ]),
  });
}
