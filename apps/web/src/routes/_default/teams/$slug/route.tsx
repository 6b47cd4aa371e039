import { createFileRoute } from '@tanstack/react-router';
import { TeamFrameSkeleton } from '@/features/teams/components/team-frame';
import { loadTeamLayout, TeamLayoutScreen } from '@/features/teams/screens/team-layout-screen';
import { memberTeamArea } from '@/lib/team-area';

/** Every screen of one team: loads the team (404 when it does not exist for the visitor) and frames it. */
export const Route = createFileRoute('/_default/teams/$slug')({
  loader: loadTeamLayout,
  pendingComponent: TeamFrameSkeleton,
  component: TeamLayoutRoute,
});

function TeamLayoutRoute() {
  const { slug } = Route.useParams();
  return <TeamLayoutScreen slug={slug} area={memberTeamArea} />;
}
