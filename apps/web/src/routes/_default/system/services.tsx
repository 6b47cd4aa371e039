import { createFileRoute } from '@tanstack/react-router';
import { ServerIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/services')({
  head: () => ({ meta: [{ title: pageTitle('Services') }] }),
  component: () => (
    <ComingSoonPage
      icon={ServerIcon}
      title="Services"
      description="Service integrations of the portal."
      preview="The state of the services the portal relies on will appear here."
    />
  ),
});
