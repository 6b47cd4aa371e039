import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { myNotificationsQueryKey } from './get-my-notifications';

export const markAllNotificationsReadDocument = graphql(`
  mutation MarkAllNotificationsRead {
    markAllNotificationsRead
  }
`);

export function useMarkAllNotificationsRead() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await graphqlClient.request(markAllNotificationsReadDocument)).markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myNotificationsQueryKey }),
  });
}
