import { createFileRoute } from '@tanstack/react-router';
import { loadTeamInvite, TeamInviteScreen } from '@/features/teams/screens/team-invite-screen';
import { systemTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/invite')({
  loader: loadTeamInvite,
  head: () => ({ meta: [{ title: pageTitle('Invite members') }] }),
  component: TeamInviteRoute,
});

function TeamInviteRoute() {
  const { slug } = Route.useParams();
  return <TeamInviteScreen slug={slug} area={systemTeamArea} />;
}
