import type { VariablesOf } from 'gql.tada';
import { allTeamsQueryKey } from '@/lib/api/get-all-teams';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
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
  return useGraphQLMutation(
    async (graphqlClient, input: AddTeamInput) => (await graphqlClient.request(addTeamDocument, { input })).addTeam,
    { invalidates: [myHomepageQueryKey, allTeamsQueryKey] },
  );
}
