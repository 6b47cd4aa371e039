import { createFileRoute } from '@tanstack/react-router';
import { ScrollTextIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/terms-of-service')({
  head: () => ({ meta: [{ title: pageTitle('Terms of service') }] }),
  component: () => (
    <ComingSoonPage
      icon={ScrollTextIcon}
      title="Terms of service"
      description="The terms that apply to your use of the portal."
      preview="The current terms of service, and a button to accept them when they change, will appear here."
    />
  ),
});
