import { createFileRoute } from '@tanstack/react-router';
import { CircleUserIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/users/$id')({
  head: () => ({ meta: [{ title: pageTitle('User') }] }),
  component: () => (
    <ComingSoonPage
      icon={CircleUserIcon}
      title="User"
      description="One user's details and teams."
      preview="This user's details, roles and the teams they belong to will appear here."
    />
  ),
});
