import { createFileRoute } from '@tanstack/react-router';
import { BookmarkIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/$id')({
  head: () => ({ meta: [{ title: pageTitle('Edit team bookmark') }] }),
  component: () => (
    <ComingSoonPage
      icon={BookmarkIcon}
      title="Edit team bookmark"
      description="Change or remove a team's link."
      preview="A form to rename, change or delete this team bookmark will appear here."
    />
  ),
});
