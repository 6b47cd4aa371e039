import { createFileRoute } from '@tanstack/react-router';
import { teamManagerAccess } from '@/features/auth/route-access';
import { loadTeamInvite, TeamInviteScreen } from '@/features/teams/screens/team-invite-screen';
import { memberTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/invite')({
  staticData: { access: teamManagerAccess },
  loader: loadTeamInvite,
  head: () => ({ meta: [{ title: pageTitle('Invite members') }] }),
  component: TeamInviteRoute,
});

function TeamInviteRoute() {
  const { slug } = Route.useParams();
  return <TeamInviteScreen slug={slug} area={memberTeamArea} />;
}
