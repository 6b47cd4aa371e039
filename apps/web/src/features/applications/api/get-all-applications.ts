import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { cursorPagedList, infiniteCursorQueryOptions, textSearchVariables } from '@/lib/paged-query';

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
  return infiniteCursorQueryOptions(
    [...applicationsQueryKey, 'catalogue', search ?? ''],
    async (after) =>
      (
        await graphqlClient.request(getAllApplicationsDocument, {
          search,
          first: cataloguePageSize,
          after,
          withTotalCount: after === undefined,
        })
      ).allApplications,
  );
}

export function useAllApplications(search: string | undefined) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useSuspenseInfiniteQuery(allApplicationsQueryOptions(graphqlClient, search));
}

/** Under the key of every application query, so any change to an application refreshes the list too. */
export const allApplicationsQueryKey = [...applicationsQueryKey, 'administration'] as const;

/**
 * The same catalogue for the administration, by name, with the pager's cursors: `queryOptions` for any page
 * (the picker's first results), `pageQueryOptions` for the page the administration list's URL names.
 */
export const { queryOptions: getAllApplicationsQueryOptions, pageQueryOptions: allApplicationsPageQueryOptions } =
  cursorPagedList(getAllApplicationsDocument, allApplicationsQueryKey, 20, textSearchVariables);
