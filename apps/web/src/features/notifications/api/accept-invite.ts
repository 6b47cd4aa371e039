import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { myNotificationsQueryKey } from './get-my-notifications';
import { myHomepageQueryKey } from '@/lib/query-keys';

export const acceptInviteDocument = graphql(`
  mutation AcceptInvite($inviteId: ID!) {
    acceptInvite(inviteId: $inviteId)
  }
`);

/** Joins the team of a TeamInvite notification; resolves to the team's friendly id. */
export function useAcceptInvite() {
  return useGraphQLMutation(
    async (graphqlClient, inviteId: string) =>
      (await graphqlClient.request(acceptInviteDocument, { inviteId })).acceptInvite,
    { invalidates: [myNotificationsQueryKey, myHomepageQueryKey] },
  );
}
