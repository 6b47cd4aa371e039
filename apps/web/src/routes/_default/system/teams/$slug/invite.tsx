import { createFileRoute } from '@tanstack/react-router';
import { teamInvitesQueryOptions } from '@/features/teams/api/get-team-invites';
import { InvitePanel } from '@/features/teams/components/invite-panel';
import { systemTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/invite')({
  loader: ({ context: { queryClient, graphqlClient }, params }) =>
    queryClient.ensureQueryData(teamInvitesQueryOptions(graphqlClient, params.slug)),
  head: () => ({ meta: [{ title: pageTitle('Invite members') }] }),
  component: InviteMembersPage,
});

function InviteMembersPage() {
  const { slug } = Route.useParams();
  const { team } = useTeamScreen(slug, systemTeamArea);
  return <InvitePanel team={team} />;
}
