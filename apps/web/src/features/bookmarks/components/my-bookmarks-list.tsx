import { useBookmarkPages } from '../api/use-bookmark-pages';
import { BookmarkList } from './bookmark-list';

export function MyBookmarksList() {
  const pages = useBookmarkPages();
  return (
    <BookmarkList
      {...pages}
      createHref="/account/bookmarks/create"
      editHref={(bookmarkId) => `/account/bookmarks/${bookmarkId}`}
    />
  );
}
