import { useNavigate } from '@tanstack/react-router';
import { TeamSettingsPanel } from '../components/team-settings-panel';
import type { TeamScreenProps } from '@/lib/team-area';
import { useTeamScreen } from '../team-screen';

export function TeamSettingsScreen({ slug, area }: TeamScreenProps) {
  const navigate = useNavigate();
  const { team, permissions } = useTeamScreen(slug, area);
  return (
    <TeamSettingsPanel
      team={team}
      permissions={permissions}
      onSaved={(friendlyId) => {
        if (friendlyId !== slug) void navigate({ href: `${area.teamsPath}/${friendlyId}/settings`, replace: true });
      }}
      onDeleted={() => navigate({ href: area.exitHref })}
    />
  );
}
