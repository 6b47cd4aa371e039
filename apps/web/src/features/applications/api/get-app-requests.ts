import type { ResultOf, VariablesOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import { cursorPagedList } from '@/lib/paged-query';
import { appRequestVariablesOf } from '../app-request-filter';

export const getAppRequestsDocument = graphql(
  `
    query GetAppRequests(
      $where: AppRequestFilterInput
      $order: [AppRequestSortInput!]
      $first: Int
      $after: String
      $last: Int
      $before: String
    ) {
      appRequests(where: $where, order: $order, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          applicationId
          applicationName
          teamFriendlyId
          teamName
          status
          requestedBy
          createdAt
          closedAt
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [pageInfoFragment],
);

export type GetAppRequestsVariables = VariablesOf<typeof getAppRequestsDocument>;

export type AppRequestListEntry = NonNullable<ResultOf<typeof getAppRequestsDocument>['appRequests']['nodes']>[number];

export const appRequestsQueryKey = ['admin-app-requests', 'all'] as const;

/** The page of the request list its URL names: application requests for system administrators, filtered and ordered. */
export const { pageQueryOptions: appRequestsPageQueryOptions } = cursorPagedList(
  getAppRequestsDocument,
  appRequestsQueryKey,
  25,
  appRequestVariablesOf,
);
