import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { infiniteCursorQueryOptions } from '@/lib/paged-query';
import { bookmarkFieldsFragment } from './bookmark-fields';
import { bookmarksPageSize, bookmarksQueryKey } from './get-my-bookmarks';

export const getTeamBookmarksDocument = graphql(
  `
    query GetTeamBookmarks($teamFriendlyId: String!, $first: Int, $after: String) {
      teamBookmarks(teamFriendlyId: $teamFriendlyId, first: $first, after: $after) {
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

/** A team's bookmarks by name, a page at a time. */
export function teamBookmarksQueryOptions(graphqlClient: GraphQLClient, teamFriendlyId: string) {
  return infiniteCursorQueryOptions(
    [...bookmarksQueryKey, 'team', teamFriendlyId],
    async (after) =>
      (await graphqlClient.request(getTeamBookmarksDocument, { teamFriendlyId, first: bookmarksPageSize, after }))
        .teamBookmarks,
  );
}
