import { createFileRoute } from '@tanstack/react-router';
import { loadTeamHome, TeamHomeScreen } from '@/features/teams/screens/team-home-screen';
import { systemTeamArea } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/home')({
  loader: loadTeamHome,
  head: () => ({ meta: [{ title: pageTitle('Team home') }] }),
  component: () => <TeamHomeScreen slug={Route.useParams().slug} area={systemTeamArea} />,
});
