import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { BookmarkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { LaunchTileGrid } from '@/components/launch-tile';
import { teamBookmarksQueryOptions } from '../api/get-team-bookmarks';
import { BookmarkTile } from '@/components/bookmark-tile';

/** A team's bookmarks as launch tiles (every member sees them); `emptyAction` for those who may add one. */
export function TeamBookmarkTiles({
  teamFriendlyId,
  emptyAction,
}: {
  teamFriendlyId: string;
  emptyAction?: ReactNode;
}) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const query = useSuspenseInfiniteQuery(teamBookmarksQueryOptions(graphqlClient, teamFriendlyId));
  const bookmarks = query.data.pages.flatMap((page) => page.nodes ?? []);
  if (bookmarks.length === 0) {
    return (
      <EmptyState
        icon={BookmarkIcon}
        title="No team bookmarks yet"
        text="Links shared here appear for everyone in the team."
        action={emptyAction}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <LaunchTileGrid>
        {bookmarks.map((bookmark) => (
          <li key={bookmark.id}>
            <BookmarkTile bookmark={bookmark} />
          </li>
        ))}
      </LaunchTileGrid>
      <LoadMoreButton query={query} />
    </div>
  );
}
