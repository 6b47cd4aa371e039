import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { webhookLogsQueryKey } from './get-webhook-logs';

export const webhookLogFieldsFragment = graphql(`
  fragment WebhookLogFields on WebhookLog {
    id
    externalId
    eventType
    createdAt
    processed
    state
    processedAt
    error
    note
    payload
  }
`);

export const getWebhookLogDocument = graphql(
  `
    query GetWebhookLog($id: ID!) {
      webhookLog(id: $id) {
        ...WebhookLogFields
      }
    }
  `,
  [webhookLogFieldsFragment],
);

export type WebhookLogDetail = ResultOf<typeof webhookLogFieldsFragment>;

export function getWebhookLogQueryOptions(graphqlClient: GraphQLClient, id: string) {
  return queryOptions({
    queryKey: [...webhookLogsQueryKey, 'detail', id],
    queryFn: () => graphqlClient.request(getWebhookLogDocument, { id }),
  });
}
