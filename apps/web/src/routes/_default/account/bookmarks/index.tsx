import { createFileRoute } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { PageHeader } from '@/components/ui/page-header';
import { myBookmarksQueryOptions } from '@/features/bookmarks/api/get-my-bookmarks';
import { BookmarkListSkeleton } from '@/features/bookmarks/components/bookmark-list';
import { MyBookmarksList } from '@/features/bookmarks/components/my-bookmarks-list';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/bookmarks/')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(myBookmarksQueryOptions(context.graphqlClient)),
  head: () => ({ meta: [{ title: pageTitle('Bookmarks') }] }),
  pendingComponent: () => (
    <BookmarksPageFrame>
      <BookmarkListSkeleton />
    </BookmarksPageFrame>
  ),
  component: () => (
    <BookmarksPageFrame>
      <MyBookmarksList />
    </BookmarksPageFrame>
  ),
});

function BookmarksPageFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Bookmarks"
        description="Your personal links; your teams’ bookmarks are on the dashboard."
        actions={
          <ButtonLink href="/account/bookmarks/create" icon={PlusIcon}>
            Add a bookmark
          </ButtonLink>
        }
      />
      {children}
    </>
  );
}
