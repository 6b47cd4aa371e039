import { teamPathOf, type TeamArea } from '@/lib/team-area';
import type { TeamPermissions } from './team-roles';
import { teamPermissionsOf } from './team-roles';
import { useTeam, type Team } from './api/get-team-by-friendly-id';

export interface TeamScreen {
  team: Team;
  /** /teams/{slug} or /system/teams/{slug}. */
  teamPath: string;
  permissions: TeamPermissions;
}

/** The team of the current screen with what the visitor may do there. */
export function useTeamScreen(friendlyId: string, area: TeamArea): TeamScreen {
  const team = useTeam(friendlyId);
  return {
    team,
    teamPath: teamPathOf(area, team.friendlyId),
    permissions: teamPermissionsOf(team.roleName, area.isSystemAdministration),
  };
}
