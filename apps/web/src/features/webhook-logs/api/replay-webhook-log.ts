import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
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
  return useGraphQLMutation((graphqlClient, id: string) => graphqlClient.request(replayWebhookLogDocument, { id }), {
    invalidates: [webhookLogsQueryKey],
  });
}
