import { createFileRoute } from '@tanstack/react-router';
import { teamMembersQueryOptions } from '@/features/teams/api/get-team-members';
import { MembersPanel } from '@/features/teams/components/members-panel';
import { systemTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/members')({
  loader: ({ context: { queryClient, graphqlClient }, params }) =>
    queryClient.ensureInfiniteQueryData(teamMembersQueryOptions(graphqlClient, params.slug)),
  head: () => ({ meta: [{ title: pageTitle('Members') }] }),
  component: MembersPage,
});

function MembersPage() {
  const { slug } = Route.useParams();
  const { team, permissions } = useTeamScreen(slug, systemTeamArea);
  return <MembersPanel team={team} permissions={permissions} afterLeaveHref={systemTeamArea.exitHref} />;
}
