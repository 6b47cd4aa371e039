import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlClient.request(markNotificationReadDocument, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myNotificationsQueryKey }),
  });
}
