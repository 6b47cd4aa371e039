import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { myNotificationsQueryKey } from './get-my-notifications';

export const declineInviteDocument = graphql(`
  mutation DeclineInvite($inviteId: ID!) {
    declineInvite(inviteId: $inviteId)
  }
`);

export function useDeclineInvite() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => graphqlClient.request(declineInviteDocument, { inviteId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myNotificationsQueryKey }),
  });
}
