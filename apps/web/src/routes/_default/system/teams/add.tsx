import { createFileRoute } from '@tanstack/react-router';
import { UsersRoundIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/add')({
  head: () => ({ meta: [{ title: pageTitle('Create a team') }] }),
  component: () => (
    <ComingSoonPage
      icon={UsersRoundIcon}
      title="Create a team"
      description="Start a team on someone's behalf."
      preview="A form to create a team and choose its owner will appear here."
    />
  ),
});
