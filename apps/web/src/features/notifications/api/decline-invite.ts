import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { myNotificationsQueryKey } from './get-my-notifications';

export const declineInviteDocument = graphql(`
  mutation DeclineInvite($inviteId: ID!) {
    declineInvite(inviteId: $inviteId)
  }
`);

export function useDeclineInvite() {
  return useGraphQLMutation(
    (graphqlClient, inviteId: string) => graphqlClient.request(declineInviteDocument, { inviteId }),
    { invalidates: [myNotificationsQueryKey] },
  );
}
