import type { ResultOf, VariablesOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import { cursorPagedList } from '@/lib/paged-query';
import { appRequestVariablesOf } from '../app-request-filter';

/** What a request's row in the list shows; the request's own page starts from the same. */
export const appRequestSummaryFieldsFragment = graphql(`
  fragment AppRequestSummaryFields on AppRequest @_unmask {
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
`);

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
          ...AppRequestSummaryFields
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [appRequestSummaryFieldsFragment, pageInfoFragment],
);

export type GetAppRequestsVariables = VariablesOf<typeof getAppRequestsDocument>;

export type AppRequestListEntry = ResultOf<typeof appRequestSummaryFieldsFragment>;

export const appRequestsQueryKey = ['admin-app-requests', 'all'] as const;

/** The page of the request list its URL names: application requests for system administrators, filtered and ordered. */
export const { pageQueryOptions: appRequestsPageQueryOptions } = cursorPagedList(
  getAppRequestsDocument,
  appRequestsQueryKey,
  25,
  appRequestVariablesOf,
);
