import { createFileRoute } from '@tanstack/react-router';
import { BookmarkPlusIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/bookmarks/create')({
  head: () => ({ meta: [{ title: pageTitle('Add a bookmark') }] }),
  component: () => (
    <ComingSoonPage
      icon={BookmarkPlusIcon}
      title="Add a bookmark"
      description="Keep a link for yourself."
      preview="A form to add a bookmark, with its title and icon looked up for you, will appear here."
    />
  ),
});
