import { useBookmarkPages } from '../api/use-bookmark-pages';
import { BookmarkList } from './bookmark-list';

/** `teamPath` is where the team's screens live: /teams/{slug} or /system/teams/{slug}. */
export function TeamBookmarksList({ teamFriendlyId, teamPath }: { teamFriendlyId: string; teamPath: string }) {
  const pages = useBookmarkPages(teamFriendlyId);
  return (
    <BookmarkList
      {...pages}
      createHref={`${teamPath}/bookmarks/create`}
      editHref={(bookmarkId) => `${teamPath}/bookmarks/${bookmarkId}`}
    />
  );
}
