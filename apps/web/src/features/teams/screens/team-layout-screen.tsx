import { Outlet } from '@tanstack/react-router';
import { ensureTeam } from '../api/get-team-by-friendly-id';
import { TeamFrame } from '../components/team-frame';
import type { TeamLoaderArgs, TeamScreenProps } from '@/lib/team-area';
import { useTeamScreen } from '../team-screen';

/** Loads the team for every screen of it: the 404 when it does not exist for the visitor. */
export function loadTeamLayout({ context, params }: TeamLoaderArgs) {
  return ensureTeam(context.queryClient, context.graphqlClient, params.slug);
}

/** The frame around every screen of one team. */
export function TeamLayoutScreen({ slug, area }: TeamScreenProps) {
  const { team, teamPath, permissions } = useTeamScreen(slug, area);
  return (
    <TeamFrame team={team} teamPath={teamPath} permissions={permissions}>
      <Outlet />
    </TeamFrame>
  );
}
