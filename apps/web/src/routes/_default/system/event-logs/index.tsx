import { createFileRoute } from '@tanstack/react-router';
import { ScrollTextIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/event-logs/')({
  head: () => ({ meta: [{ title: pageTitle('Event logs') }] }),
  component: () => (
    <ComingSoonPage
      icon={ScrollTextIcon}
      title="Event logs"
      description="Who did what, and when."
      preview="Every recorded change, filterable by user and event type, will appear here."
    />
  ),
});
