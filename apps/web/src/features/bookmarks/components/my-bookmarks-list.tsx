import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { myBookmarksQueryOptions } from '../api/get-my-bookmarks';
import { BookmarkList } from './bookmark-list';

export function MyBookmarksList() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const query = useSuspenseInfiniteQuery(myBookmarksQueryOptions(graphqlClient));
  return (
    <BookmarkList
      bookmarks={query.data.pages.flatMap((page) => page.nodes ?? [])}
      totalCount={query.data.pages[0]?.totalCount ?? 0}
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      createHref="/account/bookmarks/create"
      editHref={(bookmarkId) => `/account/bookmarks/${bookmarkId}`}
    />
  );
}
