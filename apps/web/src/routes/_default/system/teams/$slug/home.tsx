import { createFileRoute } from '@tanstack/react-router';
import { loadTeamHome, TeamHomeScreen } from '@/routes/-components/team-home-page';
import { systemTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/home')({
  loader: loadTeamHome,
  head: () => ({ meta: [{ title: pageTitle('Team home') }] }),
  component: TeamHomeRoute,
});

function TeamHomeRoute() {
  const { slug } = Route.useParams();
  return <TeamHomeScreen slug={slug} area={systemTeamArea} />;
}
