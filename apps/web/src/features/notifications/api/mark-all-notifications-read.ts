import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { myNotificationsQueryKey } from './get-my-notifications';

export const markAllNotificationsReadDocument = graphql(`
  mutation MarkAllNotificationsRead {
    markAllNotificationsRead
  }
`);

export function useMarkAllNotificationsRead() {
  return useGraphQLMutation(
    async (graphqlClient) => (await graphqlClient.request(markAllNotificationsReadDocument)).markAllNotificationsRead,
    { invalidates: [myNotificationsQueryKey] },
  );
}
