import type { VariablesOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import { cursorPagedList } from '@/lib/paged-query';
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

/** The page of the webhook-log screen its URL names. */
export const { pageQueryOptions: webhookLogsPageQueryOptions } = cursorPagedList(
  getWebhookLogsDocument,
  [...webhookLogsQueryKey, 'list'],
  25,
  webhookLogVariablesOf,
);
