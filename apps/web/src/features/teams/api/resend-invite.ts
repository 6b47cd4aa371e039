import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { teamInvitesQueryKey } from './get-team-invites';

export const resendInviteDocument = graphql(`
  mutation ResendInvite($inviteId: ID!) {
    resendInvite(inviteId: $inviteId) {
      id
      expiresAt
    }
  }
`);

export function useResendInvite(teamFriendlyId: string) {
  return useGraphQLMutation(
    (graphqlClient, inviteId: string) => graphqlClient.request(resendInviteDocument, { inviteId }),
    { invalidates: [teamInvitesQueryKey(teamFriendlyId)] },
  );
}
