import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { webhookLogFieldsFragment } from './get-webhook-log';
import { webhookLogsQueryKey } from './get-webhook-logs';

export const replayWebhookLogDocument = graphql(
  `
    mutation ReplayWebhookLog($id: ID!) {
      replayWebhookLog(id: $id) {
        ...WebhookLogFields
      }
    }
  `,
  [webhookLogFieldsFragment],
);

/** Processes an unprocessed delivery again; the answer says whether it went through this time. */
export function useReplayWebhookLog() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlClient.request(replayWebhookLogDocument, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookLogsQueryKey }),
  });
}
