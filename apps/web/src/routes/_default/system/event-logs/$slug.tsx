import { createFileRoute } from '@tanstack/react-router';
import { ScrollTextIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/event-logs/$slug')({
  head: () => ({ meta: [{ title: pageTitle('Event') }] }),
  component: () => (
    <ComingSoonPage
      icon={ScrollTextIcon}
      title="Event"
      description="One recorded event."
      preview="The event's actor, time and full payload will appear here."
    />
  ),
});
