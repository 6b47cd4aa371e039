import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { BookmarkForm } from '@/features/bookmarks/components/bookmark-form';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/bookmarks/create')({
  head: () => ({ meta: [{ title: pageTitle('Add a bookmark') }] }),
  component: AddBookmarkPage,
});

function AddBookmarkPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Add a bookmark" description="Keep a link for yourself; it appears on your dashboard." />
      <BookmarkForm cancelHref="/account/bookmarks" onSaved={() => void navigate({ to: '/account/bookmarks' })} />
    </>
  );
}
