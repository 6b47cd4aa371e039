import { createFileRoute } from '@tanstack/react-router';
import { LifeBuoyIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/contact-us')({
  head: () => ({ meta: [{ title: pageTitle('Contact us') }] }),
  component: () => (
    <ComingSoonPage
      icon={LifeBuoyIcon}
      title="Contact us"
      description="Questions, access problems or feedback."
      preview="A form to reach the portal team, with your account details filled in, will appear here."
    />
  ),
});
