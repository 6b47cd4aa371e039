import type { VariablesOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import { cursorPagedList } from '@/lib/paged-query';
import { type EventLogFilter, eventLogWhereOf } from '../event-log-filter';

export const getEventLogsDocument = graphql(
  `
    query GetEventLogs($where: EventLogFilterInput, $first: Int, $after: String, $last: Int, $before: String) {
      eventLogs(where: $where, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          date
          eventType
          userEmail
          payload
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [pageInfoFragment],
);

export type GetEventLogsVariables = VariablesOf<typeof getEventLogsDocument>;

/** The page of the event-log screen its URL names. */
export const { pageQueryOptions: eventLogsPageQueryOptions } = cursorPagedList(
  getEventLogsDocument,
  ['event-logs', 'list'],
  25,
  (filter: EventLogFilter) => ({ where: eventLogWhereOf(filter) }),
);
