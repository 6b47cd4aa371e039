import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { allTeamsQueryKey } from './get-all-teams';

export const addTeamDocument = graphql(`
  mutation AddTeam($input: AddTeamInput!) {
    addTeam(input: $input) {
      id
      name
      friendlyId
    }
  }
`);

export type AddTeamInput = VariablesOf<typeof addTeamDocument>['input'];

/** Creates a team as a system administrator, optionally owned by someone else (`ownerEmail`). */
export function useAddTeam() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddTeamInput) => graphqlClient.request(addTeamDocument, { input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allTeamsQueryKey }),
  });
}
