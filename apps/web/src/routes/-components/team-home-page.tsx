import { PlusIcon } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { teamApplicationsQueryOptions } from '@/features/applications/api/get-team-applications';
import { teamAvailableAppsQueryOptions } from '@/features/applications/api/get-team-available-apps';
import { TeamApplications, TeamAvailableApplications } from '@/features/applications/components/team-applications';
import { teamBookmarksQueryOptions } from '@/features/bookmarks/api/get-team-bookmarks';
import { TeamBookmarkTiles } from '@/features/bookmarks/components/team-bookmark-tiles';
import { ensureTeam } from '@/features/teams/api/get-team-by-friendly-id';
import { teamMembersQueryOptions } from '@/features/teams/api/get-team-members';
import { LeaveTeamCard } from '@/features/teams/components/leave-team-card';
import { TeamHome } from '@/features/teams/components/team-home';
import type { TeamLoaderArgs, TeamScreenProps } from '@/lib/team-area';
import { useTeamScreen } from '@/features/teams/team-screen';

/** Preloads a team's home: its members, bookmarks and applications (the team's own features, composed here). */
export async function loadTeamHome({ context: { queryClient, graphqlClient }, params }: TeamLoaderArgs) {
  const [team] = await Promise.all([
    ensureTeam(queryClient, graphqlClient, params.slug),
    queryClient.ensureInfiniteQueryData(teamMembersQueryOptions(graphqlClient, params.slug)),
    queryClient.ensureInfiniteQueryData(teamBookmarksQueryOptions(graphqlClient, params.slug)),
  ]);
  await Promise.all([
    queryClient.ensureQueryData(teamApplicationsQueryOptions(graphqlClient, team)),
    // Only members request applications for a team (a system administrator grants them instead).
    team.roleName && queryClient.ensureInfiniteQueryData(teamAvailableAppsQueryOptions(graphqlClient, team.friendlyId)),
  ]);
}

/** The team home of both areas: the teams feature's frame filled with the applications' and bookmarks' parts. */
export function TeamHomeScreen({ slug, area }: TeamScreenProps) {
  const { team, teamPath, permissions } = useTeamScreen(slug, area);
  const addBookmark = permissions.canManage ? (
    <ButtonLink href={`${teamPath}/bookmarks/create`} icon={PlusIcon}>
      Add a team bookmark
    </ButtonLink>
  ) : undefined;
  return (
    <TeamHome
      team={team}
      teamPath={teamPath}
      permissions={permissions}
      applications={
        <TeamApplications
          team={team}
          canManage={permissions.canManage}
          canOverrideSystemAdmin={permissions.canDisable}
        />
      }
      availableApplications={team.roleName ? <TeamAvailableApplications team={team} /> : undefined}
      bookmarks={<TeamBookmarkTiles teamFriendlyId={team.friendlyId} emptyAction={addBookmark} />}
      membership={
        team.roleName ? <LeaveTeamCard team={team} teamPath={teamPath} afterLeaveHref={area.exitHref} /> : undefined
      }
    />
  );
}
