import { createFileRoute } from '@tanstack/react-router';
import { loadTeamHome, TeamHomeScreen } from '@/features/teams/screens/team-home-screen';
import { memberTeamArea } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/home')({
  loader: loadTeamHome,
  head: () => ({ meta: [{ title: pageTitle('Team home') }] }),
  component: () => <TeamHomeScreen slug={Route.useParams().slug} area={memberTeamArea} />,
});
