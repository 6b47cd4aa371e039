import { createFileRoute } from '@tanstack/react-router';
import { SettingsIcon } from 'lucide-react';
import { teamManagerAccess } from '@/features/auth/route-access';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/settings')({
  staticData: { access: teamManagerAccess },
  head: () => ({ meta: [{ title: pageTitle('Team settings') }] }),
  component: TeamSettingsPage,
});

function TeamSettingsPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={SettingsIcon}
      title="Team settings"
      description="Name, logo and ownership of the team."
      preview={`Settings for ${slug}: its name and logo, ownership transfer and deleting the team, will appear here.`}
    />
  );
}
