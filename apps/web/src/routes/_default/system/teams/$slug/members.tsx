import { createFileRoute } from '@tanstack/react-router';
import { loadTeamMembers, TeamMembersScreen } from '@/features/teams/screens/team-members-screen';
import { systemTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/members')({
  loader: loadTeamMembers,
  head: () => ({ meta: [{ title: pageTitle('Members') }] }),
  component: TeamMembersRoute,
});

function TeamMembersRoute() {
  const { slug } = Route.useParams();
  return <TeamMembersScreen slug={slug} area={systemTeamArea} />;
}
