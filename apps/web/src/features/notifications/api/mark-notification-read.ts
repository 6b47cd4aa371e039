import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { myNotificationsQueryKey } from './get-my-notifications';

export const markNotificationReadDocument = graphql(`
  mutation MarkNotificationRead($id: ID!) {
    markNotificationRead(id: $id) {
      id
      isRead
    }
  }
`);

export function useMarkNotificationRead() {
  return useGraphQLMutation(
    (graphqlClient, id: string) => graphqlClient.request(markNotificationReadDocument, { id }),
    {
      invalidates: [myNotificationsQueryKey],
    },
  );
}
