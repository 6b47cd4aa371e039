import { createFileRoute } from '@tanstack/react-router';
import { SettingsIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/settings')({
  head: () => ({ meta: [{ title: pageTitle('Team settings') }] }),
  component: TeamSettingsPage,
});

function TeamSettingsPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={SettingsIcon}
      title="Team settings"
      description="A team's name, logo, status and ownership."
      preview={`Settings for ${slug}: name, logo, enabling the team, ownership and deletion, will appear here.`}
    />
  );
}
