import { BookmarkIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { ListRowsSkeleton } from '@/components/ui/list-rows-skeleton';
import { LaunchLink } from '@/components/launch-link';
import { isWebAddress } from '@dxp/contracts/web-address';
import type { Bookmark } from '../api/get-my-bookmarks';
import { DeleteBookmarkButton } from './delete-bookmark-button';

export interface BookmarkListProps {
  bookmarks: Bookmark[];
  totalCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  createHref: string;
  editHref: (bookmarkId: string) => string;
}

/** Bookmarks to manage: open, edit or delete each; more pages on demand. */
export function BookmarkList({
  bookmarks,
  totalCount,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  createHref,
  editHref,
}: BookmarkListProps) {
  if (bookmarks.length === 0) {
    return (
      <EmptyState
        icon={BookmarkIcon}
        title="No bookmarks yet"
        text="Keep the links you open every day one click away."
        action={
          <ButtonLink href={createHref} icon={PlusIcon}>
            Add a bookmark
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="divide-y rounded-xl border bg-surface shadow-xs">
        {bookmarks.map((bookmark) => (
          <li key={bookmark.id} className="flex items-center gap-3 px-4 py-3">
            <Avatar name={bookmark.name} src={bookmark.logoUrl} size="lg" className="rounded-lg" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              {isWebAddress(bookmark.url) ? (
                <LaunchLink
                  launches={{ id: bookmark.id, type: 'BOOKMARK', url: bookmark.url }}
                  className="truncate text-sm font-medium hover:underline"
                >
                  {bookmark.name}
                </LaunchLink>
              ) : (
                <span className="truncate text-sm font-medium">{bookmark.name}</span>
              )}
              <span className="truncate text-xs text-muted-foreground">{bookmark.url}</span>
            </div>
            <ButtonLink
              href={editHref(bookmark.id)}
              color="neutral"
              variant="ghost"
              size="sm"
              square
              aria-label={`Edit ${bookmark.name}`}
              icon={PencilIcon}
            ></ButtonLink>
            <DeleteBookmarkButton bookmark={bookmark} isCompact />
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between gap-4 text-sm text-muted-foreground">
        <span>
          Showing {bookmarks.length} of {totalCount}
        </span>
        {hasNextPage && (
          <Button color="neutral" variant="outline" size="sm" loading={isFetchingNextPage} onClick={onLoadMore}>
            Load more
          </Button>
        )}
      </div>
    </div>
  );
}

export function BookmarkListSkeleton() {
  return <ListRowsSkeleton rows={5} pictureClassName="rounded-lg" detailWidth="w-64" />;
}
