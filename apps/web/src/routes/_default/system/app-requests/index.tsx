import { createFileRoute } from '@tanstack/react-router';
import { InboxIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/app-requests/')({
  head: () => ({ meta: [{ title: pageTitle('Application requests') }] }),
  component: () => (
    <ComingSoonPage
      icon={InboxIcon}
      title="Application requests"
      description="Teams asking for applications."
      preview="Requests from teams for applications, pending first, will appear here."
    />
  ),
});
