import { queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { GraphQLClient } from '@/lib/graphql-client';
import { bookmarksQueryKey, getMyBookmarksDocument, type Bookmark } from './get-my-bookmarks';
import { getTeamBookmarksDocument } from './get-team-bookmarks';

type BookmarkPage = { nodes?: Bookmark[] | null; pageInfo: { hasNextPage: boolean; endCursor?: string | null } };

const searchPageSize = 100;

/**
 * The API has no bookmark-by-id query, so an edit screen finds its bookmark in the list it belongs to,
 * page by page; a bookmark that is not there is the 404.
 */
async function findBookmark(fetchPage: (after?: string) => Promise<BookmarkPage>, bookmarkId: string): Promise<Bookmark> {
  let after: string | undefined;
  for (;;) {
    const page = await fetchPage(after);
    const bookmark = page.nodes?.find((node) => node.id === bookmarkId);
    if (bookmark) return bookmark;
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) throw notFound();
    after = page.pageInfo.endCursor;
  }
}

export function myBookmarkQueryOptions(graphqlClient: GraphQLClient, bookmarkId: string) {
  return queryOptions({
    queryKey: [...bookmarksQueryKey, 'mine', bookmarkId],
    queryFn: () =>
      findBookmark(
        async (after) =>
          (await graphqlClient.request(getMyBookmarksDocument, { first: searchPageSize, after })).myBookmarks,
        bookmarkId,
      ),
  });
}

export function teamBookmarkQueryOptions(graphqlClient: GraphQLClient, teamFriendlyId: string, bookmarkId: string) {
  return queryOptions({
    queryKey: [...bookmarksQueryKey, 'team', teamFriendlyId, bookmarkId],
    queryFn: () =>
      findBookmark(
        async (after) =>
          (await graphqlClient.request(getTeamBookmarksDocument, { teamFriendlyId, first: searchPageSize, after }))
            .teamBookmarks,
        bookmarkId,
      ),
  });
}
