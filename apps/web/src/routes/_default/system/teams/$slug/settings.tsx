import { createFileRoute } from '@tanstack/react-router';
import { TeamSettingsScreen } from '@/features/teams/screens/team-settings-screen';
import { systemTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/settings')({
  head: () => ({ meta: [{ title: pageTitle('Team settings') }] }),
  component: TeamSettingsRoute,
});

function TeamSettingsRoute() {
  const { slug } = Route.useParams();
  return <TeamSettingsScreen slug={slug} area={systemTeamArea} />;
}
