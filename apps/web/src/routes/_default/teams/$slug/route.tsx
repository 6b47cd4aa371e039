import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ensureTeam } from '@/features/teams/api/get-team-by-friendly-id';
import { TeamFrame, TeamFrameSkeleton } from '@/features/teams/components/team-frame';
import { memberTeamArea, useTeamScreen } from '@/features/teams/team-area';

/** Every screen of one team: loads the team (404 when it does not exist for the visitor) and frames it. */
export const Route = createFileRoute('/_default/teams/$slug')({
  loader: ({ context, params }) => ensureTeam(context.queryClient, context.graphqlClient, params.slug),
  pendingComponent: TeamFrameSkeleton,
  component: TeamLayout,
});

function TeamLayout() {
  const { slug } = Route.useParams();
  const { team, teamPath, permissions } = useTeamScreen(slug, memberTeamArea);
  return (
    <TeamFrame team={team} teamPath={teamPath} permissions={permissions}>
      <Outlet />
    </TeamFrame>
  );
}
