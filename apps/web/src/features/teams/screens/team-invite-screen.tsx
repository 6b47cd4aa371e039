import { teamInvitesQueryOptions } from '../api/get-team-invites';
import { InvitePanel } from '../components/invite-panel';
import type { TeamLoaderArgs, TeamScreenProps } from '@/lib/team-area';
import { useTeamScreen } from '../team-screen';

export function loadTeamInvite({ context: { queryClient, graphqlClient }, params }: TeamLoaderArgs) {
  return queryClient.ensureQueryData(teamInvitesQueryOptions(graphqlClient, params.slug));
}

export function TeamInviteScreen({ slug, area }: TeamScreenProps) {
  const { team } = useTeamScreen(slug, area);
  return <InvitePanel team={team} />;
}
