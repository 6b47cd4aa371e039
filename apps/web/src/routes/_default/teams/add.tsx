import { createFileRoute } from '@tanstack/react-router';
import { UsersRoundIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/add')({
  head: () => ({ meta: [{ title: pageTitle('Create a team') }] }),
  component: () => (
    <ComingSoonPage
      icon={UsersRoundIcon}
      title="Create a team"
      description="Start a team and invite the people you work with."
      preview="A form to name your team and choose its address will appear here. You will become its owner."
    />
  ),
});
