import { createFileRoute } from '@tanstack/react-router';
import { AppWindowIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/apps/$id')({
  head: () => ({ meta: [{ title: pageTitle('Application') }] }),
  component: () => (
    <ComingSoonPage
      icon={AppWindowIcon}
      title="Application"
      description="Details of one application."
      preview="This application's details, its terms and the teams it is granted to will appear here."
    />
  ),
});
