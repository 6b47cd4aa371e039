import type { ResultOf, VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
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
  return useGraphQLMutation(
    async (graphqlClient, input: CreateInviteInput) =>
      (await graphqlClient.request(createInviteDocument, { input })).createInvite,
    { invalidates: ({ teamFriendlyId }) => [teamInvitesQueryKey(teamFriendlyId)] },
  );
}
