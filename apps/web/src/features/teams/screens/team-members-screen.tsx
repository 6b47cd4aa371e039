import { teamMembersQueryOptions } from '../api/get-team-members';
import { MembersPanel } from '../components/members-panel';
import type { TeamLoaderArgs, TeamScreenProps } from '@/lib/team-area';
import { useTeamScreen } from '../team-screen';

export function loadTeamMembers({ context: { queryClient, graphqlClient }, params }: TeamLoaderArgs) {
  return queryClient.ensureInfiniteQueryData(teamMembersQueryOptions(graphqlClient, params.slug));
}

export function TeamMembersScreen({ slug, area }: TeamScreenProps) {
  const { team, permissions } = useTeamScreen(slug, area);
  return <MembersPanel team={team} permissions={permissions} afterLeaveHref={area.exitHref} />;
}
