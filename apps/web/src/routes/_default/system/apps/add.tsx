import { createFileRoute } from '@tanstack/react-router';
import { SquarePlusIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/apps/add')({
  head: () => ({ meta: [{ title: pageTitle('Add an application') }] }),
  component: () => (
    <ComingSoonPage
      icon={SquarePlusIcon}
      title="Add an application"
      description="Publish a new application to the catalogue."
      preview="A form for the application's name, address, logo and terms will appear here."
    />
  ),
});
