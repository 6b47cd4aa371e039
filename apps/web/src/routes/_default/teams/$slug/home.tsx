import { createFileRoute } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { teamBookmarksQueryOptions } from '@/features/bookmarks/api/get-team-bookmarks';
import { TeamBookmarkTiles } from '@/features/bookmarks/components/team-bookmark-tiles';
import { teamMembersQueryOptions } from '@/features/teams/api/get-team-members';
import { TeamHome } from '@/features/teams/components/team-home';
import { memberTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/home')({
  loader: ({ context: { queryClient, graphqlClient }, params }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(teamMembersQueryOptions(graphqlClient, params.slug)),
      queryClient.ensureInfiniteQueryData(teamBookmarksQueryOptions(graphqlClient, params.slug)),
    ]),
  head: () => ({ meta: [{ title: pageTitle('Team home') }] }),
  component: TeamHomePage,
});

function TeamHomePage() {
  const { slug } = Route.useParams();
  const { team, teamPath, permissions } = useTeamScreen(slug, memberTeamArea);
  const addBookmark = permissions.canManage ? (
    <Button asChild>
      <AppLink href={`${teamPath}/bookmarks/create`}>
        <PlusIcon aria-hidden />
        Add a team bookmark
      </AppLink>
    </Button>
  ) : undefined;
  return (
    <TeamHome
      team={team}
      teamPath={teamPath}
      permissions={permissions}
      bookmarks={<TeamBookmarkTiles teamFriendlyId={team.friendlyId} emptyAction={addBookmark} />}
    />
  );
}
