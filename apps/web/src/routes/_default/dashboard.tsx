import { createFileRoute } from '@tanstack/react-router';
import { LayoutDashboardIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/dashboard')({
  head: () => ({ meta: [{ title: pageTitle('Dashboard') }] }),
  component: () => (
    <ComingSoonPage
      icon={LayoutDashboardIcon}
      title="Dashboard"
      description="Your teams and bookmarks at a glance."
      preview="Your teams, their applications and your bookmarks will appear here, ready to open."
    />
  ),
});
