import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { teamBookmarksQueryOptions } from '../api/get-team-bookmarks';
import { BookmarkList } from './bookmark-list';

/** `teamPath` is where the team's screens live: /teams/{slug} or /system/teams/{slug}. */
export function TeamBookmarksList({ teamFriendlyId, teamPath }: { teamFriendlyId: string; teamPath: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const query = useSuspenseInfiniteQuery(teamBookmarksQueryOptions(graphqlClient, teamFriendlyId));
  return (
    <BookmarkList
      bookmarks={query.data.pages.flatMap((page) => page.nodes ?? [])}
      totalCount={query.data.pages[0]?.totalCount ?? 0}
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      createHref={`${teamPath}/bookmarks/create`}
      editHref={(bookmarkId) => `${teamPath}/bookmarks/${bookmarkId}`}
    />
  );
}
