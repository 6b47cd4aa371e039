import { createFileRoute } from '@tanstack/react-router';
import { InboxIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/app-requests/$id')({
  head: () => ({ meta: [{ title: pageTitle('Application request') }] }),
  component: () => (
    <ComingSoonPage
      icon={InboxIcon}
      title="Application request"
      description="Review one request."
      preview="The request's team, application and comments, with buttons to approve or reject it, will appear here."
    />
  ),
});
