import { createFileRoute } from '@tanstack/react-router';
import { UsersRoundIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/')({
  head: () => ({ meta: [{ title: pageTitle('Teams') }] }),
  component: () => (
    <ComingSoonPage
      icon={UsersRoundIcon}
      title="Teams"
      description="Every team in the portal."
      preview="All teams, searchable by name or address, enabled or not, will appear here."
    />
  ),
});
