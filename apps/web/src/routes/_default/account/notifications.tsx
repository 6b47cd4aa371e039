import { createFileRoute } from '@tanstack/react-router';
import { BellIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/notifications')({
  head: () => ({ meta: [{ title: pageTitle('Notifications') }] }),
  component: () => (
    <ComingSoonPage
      icon={BellIcon}
      title="Notifications"
      description="Everything that happened in your teams."
      preview="All your notifications, newest first, with invites to accept or decline, will appear here."
    />
  ),
});
