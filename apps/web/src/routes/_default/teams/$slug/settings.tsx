import { createFileRoute } from '@tanstack/react-router';
import { teamManagerAccess } from '@/features/auth/route-access';
import { TeamSettingsScreen } from '@/features/teams/screens/team-settings-screen';
import { memberTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/settings')({
  staticData: { access: teamManagerAccess },
  head: () => ({ meta: [{ title: pageTitle('Team settings') }] }),
  component: TeamSettingsRoute,
});

function TeamSettingsRoute() {
  const { slug } = Route.useParams();
  return <TeamSettingsScreen slug={slug} area={memberTeamArea} />;
}
