import { createFileRoute } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { teamBookmarksQueryOptions } from '@/features/bookmarks/api/get-team-bookmarks';
import { TeamBookmarksList } from '@/features/bookmarks/components/team-bookmarks-list';
import { systemTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/')({
  loader: ({ context: { queryClient, graphqlClient }, params }) =>
    queryClient.ensureInfiniteQueryData(teamBookmarksQueryOptions(graphqlClient, params.slug)),
  head: () => ({ meta: [{ title: pageTitle('Team bookmarks') }] }),
  component: TeamBookmarksPage,
});

function TeamBookmarksPage() {
  const { slug } = Route.useParams();
  const { team, teamPath } = useTeamScreen(slug, systemTeamArea);
  return (
    <section aria-labelledby="team-bookmarks-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="team-bookmarks-heading" className="text-lg font-semibold">
          Team bookmarks
        </h2>
        <Button asChild size="sm">
          <AppLink href={`${teamPath}/bookmarks/create`}>
            <PlusIcon aria-hidden />
            Add a bookmark
          </AppLink>
        </Button>
      </div>
      <TeamBookmarksList teamFriendlyId={team.friendlyId} teamPath={teamPath} />
    </section>
  );
}
