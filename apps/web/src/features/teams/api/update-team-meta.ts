import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateTeamMetaInput) =>
      (await graphqlClient.request(updateTeamMetaDocument, { input })).updateTeamMeta,
    onSuccess: (_team, input) => queryClient.invalidateQueries({ queryKey: teamQueryKey(input.teamFriendlyId) }),
  });
}
