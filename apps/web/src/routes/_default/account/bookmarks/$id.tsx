import { createFileRoute } from '@tanstack/react-router';
import { BookmarkIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/bookmarks/$id')({
  head: () => ({ meta: [{ title: pageTitle('Edit bookmark') }] }),
  component: () => (
    <ComingSoonPage
      icon={BookmarkIcon}
      title="Edit bookmark"
      description="Change or remove one of your links."
      preview="A form to rename, change or delete this bookmark will appear here."
    />
  ),
});
