import { PlusIcon } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { teamPathOf, type TeamLoaderArgs, type TeamScreenProps } from '@/lib/team-area';
import { teamBookmarksQueryOptions } from '../api/get-team-bookmarks';
import { TeamBookmarksList } from '../components/team-bookmarks-list';
import { PageSection } from '@/components/ui/page-section';

export function loadTeamBookmarks({ context: { queryClient, graphqlClient }, params }: TeamLoaderArgs) {
  return queryClient.ensureInfiniteQueryData(teamBookmarksQueryOptions(graphqlClient, params.slug));
}

export function TeamBookmarksScreen({ slug, area }: TeamScreenProps) {
  const teamPath = teamPathOf(area, slug);
  return (
    <PageSection
      title="Team bookmarks"
      action={
        <ButtonLink href={`${teamPath}/bookmarks/create`} size="sm" icon={PlusIcon}>
          Add a bookmark
        </ButtonLink>
      }
    >
      <TeamBookmarksList teamFriendlyId={slug} teamPath={teamPath} />
    </PageSection>
  );
}
