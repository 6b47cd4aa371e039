import { createFileRoute } from '@tanstack/react-router';
import { LayoutGridIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/apps/')({
  head: () => ({ meta: [{ title: pageTitle('Applications') }] }),
  component: () => (
    <ComingSoonPage
      icon={LayoutGridIcon}
      title="Applications"
      description="The application catalogue."
      preview="Every application in the catalogue, searchable, with the teams using each, will appear here."
    />
  ),
});
