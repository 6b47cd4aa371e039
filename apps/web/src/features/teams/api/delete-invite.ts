import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { teamInvitesQueryKey } from './get-team-invites';

export const deleteInviteDocument = graphql(`
  mutation DeleteInvite($inviteId: ID!) {
    deleteInvite(inviteId: $inviteId)
  }
`);

export function useDeleteInvite(teamFriendlyId: string) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => graphqlClient.request(deleteInviteDocument, { inviteId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamInvitesQueryKey(teamFriendlyId) }),
  });
}
