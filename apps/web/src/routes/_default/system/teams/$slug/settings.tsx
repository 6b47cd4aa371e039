import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TeamSettingsPanel } from '@/features/teams/components/team-settings-panel';
import { systemTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/settings')({
  head: () => ({ meta: [{ title: pageTitle('Team settings') }] }),
  component: TeamSettingsPage,
});

function TeamSettingsPage() {
  const { slug } = Route.useParams();
  const navigate = useNavigate();
  const { team, permissions } = useTeamScreen(slug, systemTeamArea);
  return (
    <TeamSettingsPanel
      team={team}
      permissions={permissions}
      onSaved={(friendlyId) => {
        if (friendlyId !== slug) void navigate({ href: `${systemTeamArea.teamsPath}/${friendlyId}/settings`, replace: true });
      }}
      onDeleted={() => navigate({ href: systemTeamArea.exitHref })}
    />
  );
}
