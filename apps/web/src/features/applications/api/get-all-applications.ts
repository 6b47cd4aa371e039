import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf, VariablesOf } from 'gql.tada';
import { pageInfoFragment, nextPageParam } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions, type TextSearch } from '@/lib/list-route';
import { pagedQueryOptions } from '@/lib/paged-query';

export const getAllApplicationsDocument = graphql(
  `
    query GetAllApplications(
      $search: String
      $first: Int
      $after: String
      $last: Int
      $before: String
      $withTotalCount: Boolean! = false
    ) {
      allApplications(search: $search, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          name
          description
          logoUrl
          icon
          isDxp
          updatedAt
          teams {
            friendlyId
          }
        }
        pageInfo {
          ...PageInfoFields
        }
        totalCount @include(if: $withTotalCount)
      }
    }
  `,
  [pageInfoFragment],
);

export type CatalogueApplication = NonNullable<
  ResultOf<typeof getAllApplicationsDocument>['allApplications']['nodes']
>[number];

/** Every application query starts with this key, so a change to one invalidates them together. */
export const applicationsQueryKey = ['applications'] as const;

export const cataloguePageSize = 24;

/**
 * The catalogue by name, a keyset page at a time, optionally narrowed by a search on name or description.
 * Only the first page asks for `totalCount`: counting a substring search reads every match, a page does not.
 */
export function allApplicationsQueryOptions(graphqlClient: GraphQLClient, search: string | undefined) {
  return infiniteQueryOptions({
    queryKey: [...applicationsQueryKey, 'catalogue', search ?? ''],
    queryFn: async ({ pageParam }) =>
      (
        await graphqlClient.request(getAllApplicationsDocument, {
          search,
          first: cataloguePageSize,
          after: pageParam,
          withTotalCount: pageParam === undefined,
        })
      ).allApplications,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
  });
}

export function useAllApplications(search: string | undefined) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useSuspenseInfiniteQuery(allApplicationsQueryOptions(graphqlClient, search));
}

export type GetAllApplicationsVariables = VariablesOf<typeof getAllApplicationsDocument>;

/** Under the key of every application query, so any change to an application refreshes the list too. */
export const allApplicationsQueryKey = [...applicationsQueryKey, 'administration'] as const;

/** A page of the same catalogue for the administration list, by name, with the pager's cursors. */
export function getAllApplicationsQueryOptions(graphqlClient: GraphQLClient, variables: GetAllApplicationsVariables) {
  return pagedQueryOptions(graphqlClient, getAllApplicationsDocument, allApplicationsQueryKey, variables);
}

/** The page of the administration list its URL names. */
export const allApplicationsPageQueryOptions = listPageQueryOptions(
  getAllApplicationsQueryOptions,
  20,
  (filter: TextSearch) => filter,
);
