import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { myNotificationsQueryKey } from './get-my-notifications';
import { myHomepageQueryKey } from '@/lib/query-keys';

export const acceptInviteDocument = graphql(`
  mutation AcceptInvite($inviteId: ID!) {
    acceptInvite(inviteId: $inviteId)
  }
`);

/** Joins the team of a TeamInvite notification; resolves to the team's friendly id. */
export function useAcceptInvite() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inviteId: string) =>
      (await graphqlClient.request(acceptInviteDocument, { inviteId })).acceptInvite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myNotificationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
      ]),
  });
}
