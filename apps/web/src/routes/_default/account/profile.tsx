import { createFileRoute } from '@tanstack/react-router';
import { CircleUserIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/profile')({
  head: () => ({ meta: [{ title: pageTitle('Profile') }] }),
  component: () => (
    <ComingSoonPage
      icon={CircleUserIcon}
      title="Profile"
      description="Your details, service keys and account."
      preview="Your name and phone number, the service keys you use for the API, and deleting your account will appear here."
    />
  ),
});
