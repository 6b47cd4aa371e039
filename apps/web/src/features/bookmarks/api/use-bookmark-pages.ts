import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { myBookmarksQueryOptions } from './get-my-bookmarks';
import { teamBookmarksQueryOptions } from './get-team-bookmarks';

/**
 * The personal bookmarks, or the team's when `teamFriendlyId` is given, as a bookmark list shows them: the pages
 * read so far, the whole list's count, and reading the next page.
 */
export function useBookmarkPages(teamFriendlyId?: string) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const query = useSuspenseInfiniteQuery(
    teamFriendlyId === undefined
      ? myBookmarksQueryOptions(graphqlClient)
      : teamBookmarksQueryOptions(graphqlClient, teamFriendlyId),
  );
  return {
    bookmarks: query.data.pages.flatMap((page) => page.nodes ?? []),
    totalCount: query.data.pages[0]?.totalCount ?? 0,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  };
}
