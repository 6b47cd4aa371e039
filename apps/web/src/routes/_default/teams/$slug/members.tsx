import { createFileRoute } from '@tanstack/react-router';
import { teamManagerAccess } from '@/features/auth/route-access';
import { loadTeamMembers, TeamMembersScreen } from '@/features/teams/screens/team-members-screen';
import { memberTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/members')({
  staticData: { access: teamManagerAccess },
  loader: loadTeamMembers,
  head: () => ({ meta: [{ title: pageTitle('Members') }] }),
  component: TeamMembersRoute,
});

function TeamMembersRoute() {
  const { slug } = Route.useParams();
  return <TeamMembersScreen slug={slug} area={memberTeamArea} />;
}
