import { PlusIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { teamPathOf, type TeamLoaderArgs, type TeamScreenProps } from '@/lib/team-area';
import { teamBookmarksQueryOptions } from '../api/get-team-bookmarks';
import { TeamBookmarksList } from '../components/team-bookmarks-list';

export function loadTeamBookmarks({ context: { queryClient, graphqlClient }, params }: TeamLoaderArgs) {
  return queryClient.ensureInfiniteQueryData(teamBookmarksQueryOptions(graphqlClient, params.slug));
}

export function TeamBookmarksScreen({ slug, area }: TeamScreenProps) {
  const teamPath = teamPathOf(area, slug);
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
      <TeamBookmarksList teamFriendlyId={slug} teamPath={teamPath} />
    </section>
  );
}
