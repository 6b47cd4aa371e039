import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf, VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { teamInvitesQueryKey } from './get-team-invites';

export const createInviteDocument = graphql(`
  mutation CreateInvite($input: CreateInviteInput!) {
    createInvite(input: $input) {
      successCount
      results {
        email
        success
        error
      }
    }
  }
`);

export type CreateInviteInput = VariablesOf<typeof createInviteDocument>['input'];
export type InviteResult = ResultOf<typeof createInviteDocument>['createInvite']['results'][number];

export function useCreateInvite() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateInviteInput) =>
      (await graphqlClient.request(createInviteDocument, { input })).createInvite,
    onSuccess: (_payload, { teamFriendlyId }) =>
      queryClient.invalidateQueries({ queryKey: teamInvitesQueryKey(teamFriendlyId) }),
  });
}
