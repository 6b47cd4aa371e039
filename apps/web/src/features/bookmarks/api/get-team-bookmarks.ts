import { infiniteQueryOptions } from '@tanstack/react-query';
import { pageInfoFragment, nextPageParam } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { bookmarksPageSize, bookmarksQueryKey } from './get-my-bookmarks';

export const getTeamBookmarksDocument = graphql(
  `
    query GetTeamBookmarks($teamFriendlyId: String!, $first: Int, $after: String) {
      teamBookmarks(teamFriendlyId: $teamFriendlyId, first: $first, after: $after) {
        nodes {
          id
          url
          name
          logoUrl
          teamFriendlyId
        }
        pageInfo {
          ...PageInfoFields
        }
        totalCount
      }
    }
  `,
  [pageInfoFragment],
);

/** A team's bookmarks by name, a page at a time. */
export function teamBookmarksQueryOptions(graphqlClient: GraphQLClient, teamFriendlyId: string) {
  return infiniteQueryOptions({
    queryKey: [...bookmarksQueryKey, 'team', teamFriendlyId],
    queryFn: async ({ pageParam }) =>
      (
        await graphqlClient.request(getTeamBookmarksDocument, {
          teamFriendlyId,
          first: bookmarksPageSize,
          after: pageParam,
        })
      ).teamBookmarks,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
  });
}
