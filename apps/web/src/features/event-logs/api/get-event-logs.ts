import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions } from '@/lib/list-route';
import { pagedQueryOptions } from '@/lib/paged-query';
import { type EventLogFilter, eventLogWhereOf } from '../event-log-filter';

export const getEventLogsDocument = graphql(`
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
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`);

export type GetEventLogsVariables = VariablesOf<typeof getEventLogsDocument>;

export function getEventLogsQueryOptions(graphqlClient: GraphQLClient, variables: GetEventLogsVariables) {
  return pagedQueryOptions(graphqlClient, getEventLogsDocument, ['event-logs', 'list'], variables);
}

/** The page of the event-log screen its URL names. */
export const eventLogsPageQueryOptions = listPageQueryOptions(getEventLogsQueryOptions, 25, eventLogVariablesOf);

function eventLogVariablesOf(filter: EventLogFilter) {
  return { where: eventLogWhereOf(filter) };
}
