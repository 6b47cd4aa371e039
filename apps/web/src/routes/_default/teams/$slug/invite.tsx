import { createFileRoute } from '@tanstack/react-router';
import { teamManagerAccess } from '@/features/auth/route-access';
import { teamInvitesQueryOptions } from '@/features/teams/api/get-team-invites';
import { InvitePanel } from '@/features/teams/components/invite-panel';
import { memberTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/invite')({
  staticData: { access: teamManagerAccess },
  loader: ({ context: { queryClient, graphqlClient }, params }) =>
    queryClient.ensureQueryData(teamInvitesQueryOptions(graphqlClient, params.slug)),
  head: () => ({ meta: [{ title: pageTitle('Invite members') }] }),
  component: InviteMembersPage,
});

function InviteMembersPage() {
  const { slug } = Route.useParams();
  const { team } = useTeamScreen(slug, memberTeamArea);
  return <InvitePanel team={team} />;
}
