import { createFileRoute } from '@tanstack/react-router';
import { BookmarkIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/bookmarks/')({
  head: () => ({ meta: [{ title: pageTitle('Bookmarks') }] }),
  component: () => (
    <ComingSoonPage
      icon={BookmarkIcon}
      title="Bookmarks"
      description="Your personal links."
      preview="Your personal bookmarks, and the tools to add, change and remove them, will appear here."
    />
  ),
});
