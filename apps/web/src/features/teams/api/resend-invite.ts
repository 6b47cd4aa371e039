import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => graphqlClient.request(resendInviteDocument, { inviteId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamInvitesQueryKey(teamFriendlyId) }),
  });
}
