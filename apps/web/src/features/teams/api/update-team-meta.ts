import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { teamQueryKey } from '@/lib/query-keys';

export const updateTeamMetaDocument = graphql(`
  mutation UpdateTeamMeta($input: UpdateTeamMetaInput!) {
    updateTeamMeta(input: $input) {
      id
      meta
    }
  }
`);

export type UpdateTeamMetaInput = VariablesOf<typeof updateTeamMetaDocument>['input'];

export function useUpdateTeamMeta() {
  return useGraphQLMutation(
    async (graphqlClient, input: UpdateTeamMetaInput) =>
      (await graphqlClient.request(updateTeamMetaDocument, { input })).updateTeamMeta,
    { invalidates: (input) => [teamQueryKey(input.teamFriendlyId)] },
  );
}
