import { PlusIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { teamBookmarksQueryOptions } from '@/features/bookmarks/api/get-team-bookmarks';
import { TeamBookmarkTiles } from '@/features/bookmarks/components/team-bookmark-tiles';
import { teamMembersQueryOptions } from '../api/get-team-members';
import { TeamHome } from '../components/team-home';
import { useTeamScreen, type TeamLoaderArgs, type TeamScreenProps } from '../team-area';

export function loadTeamHome({ context: { queryClient, graphqlClient }, params }: TeamLoaderArgs) {
  return Promise.all([
    queryClient.ensureInfiniteQueryData(teamMembersQueryOptions(graphqlClient, params.slug)),
    queryClient.ensureInfiniteQueryData(teamBookmarksQueryOptions(graphqlClient, params.slug)),
  ]);
}

export function TeamHomeScreen({ slug, area }: TeamScreenProps) {
  const { team, teamPath, permissions } = useTeamScreen(slug, area);
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
