import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { teamInvitesQueryKey } from './get-team-invites';

export const deleteInviteDocument = graphql(`
  mutation DeleteInvite($inviteId: ID!) {
    deleteInvite(inviteId: $inviteId)
  }
`);

export function useDeleteInvite(teamFriendlyId: string) {
  return useGraphQLMutation(
    (graphqlClient, inviteId: string) => graphqlClient.request(deleteInviteDocument, { inviteId }),
    { invalidates: [teamInvitesQueryKey(teamFriendlyId)] },
  );
}
