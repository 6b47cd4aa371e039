import type { ResultOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { infiniteCursorQueryOptions } from '@/lib/paged-query';
import { bookmarkFieldsFragment } from './bookmark-fields';

export const getMyBookmarksDocument = graphql(
  `
    query GetMyBookmarks($first: Int, $after: String, $where: BookmarkFilterInput, $order: [BookmarkSortInput!]) {
      myBookmarks(first: $first, after: $after, where: $where, order: $order) {
        nodes {
          ...BookmarkFields
        }
        pageInfo {
          ...PageInfoFields
        }
        totalCount
      }
    }
  `,
  [bookmarkFieldsFragment, pageInfoFragment],
);

export type Bookmark = NonNullable<ResultOf<typeof getMyBookmarksDocument>['myBookmarks']['nodes']>[number];

export const bookmarksPageSize = 24;

/** Personal and team bookmark lists live under this key, so every bookmark change refreshes them. */
export const bookmarksQueryKey = ['bookmarks'] as const;

/** The caller's personal bookmarks by name, a page at a time. */
export function myBookmarksQueryOptions(graphqlClient: GraphQLClient) {
  return infiniteCursorQueryOptions(
    [...bookmarksQueryKey, 'mine'],
    async (after) =>
      (await graphqlClient.request(getMyBookmarksDocument, { first: bookmarksPageSize, after })).myBookmarks,
  );
}
