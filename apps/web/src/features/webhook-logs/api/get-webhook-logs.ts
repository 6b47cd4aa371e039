import type { VariablesOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions } from '@/lib/list-route';
import { pagedQueryOptions } from '@/lib/paged-query';
import { webhookLogVariablesOf } from '../webhook-log-filter';

export const getWebhookLogsDocument = graphql(
  `
    query GetWebhookLogs(
      $where: WebhookLogFilterInput
      $order: [WebhookLogSortInput!]
      $first: Int
      $after: String
      $last: Int
      $before: String
    ) {
      webhookLogs(where: $where, order: $order, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          externalId
          eventType
          createdAt
          processed
          state
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [pageInfoFragment],
);

export type GetWebhookLogsVariables = VariablesOf<typeof getWebhookLogsDocument>;

export const webhookLogsQueryKey = ['webhook-logs'] as const;

export function getWebhookLogsQueryOptions(graphqlClient: GraphQLClient, variables: GetWebhookLogsVariables) {
  return pagedQueryOptions(graphqlClient, getWebhookLogsDocument, [...webhookLogsQueryKey, 'list'], variables);
}

/** The page of the webhook-log screen its URL names. */
export const webhookLogsPageQueryOptions = listPageQueryOptions(getWebhookLogsQueryOptions, 25, webhookLogVariablesOf);
