import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
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
  return useGraphQLMutation(
    async (graphqlClient, input: UpdateTeamInput) =>
      (await graphqlClient.request(updateTeamDocument, { input })).updateTeam,
    { invalidates: (input) => [teamQueryKey(input.teamFriendlyId), myHomepageQueryKey] },
  );
}
