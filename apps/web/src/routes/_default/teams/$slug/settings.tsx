import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { teamManagerAccess } from '@/features/auth/route-access';
import { TeamSettingsPanel } from '@/features/teams/components/team-settings-panel';
import { memberTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/settings')({
  staticData: { access: teamManagerAccess },
  head: () => ({ meta: [{ title: pageTitle('Team settings') }] }),
  component: TeamSettingsPage,
});

function TeamSettingsPage() {
  const { slug } = Route.useParams();
  const navigate = useNavigate();
  const { team, permissions } = useTeamScreen(slug, memberTeamArea);
  return (
    <TeamSettingsPanel
      team={team}
      permissions={permissions}
      onSaved={(friendlyId) => {
        if (friendlyId !== slug) void navigate({ href: `${memberTeamArea.teamsPath}/${friendlyId}/settings`, replace: true });
      }}
      onDeleted={() => navigate({ href: memberTeamArea.exitHref })}
    />
  );
}
