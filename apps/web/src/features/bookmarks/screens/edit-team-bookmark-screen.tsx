import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { teamPathOf, type TeamLoaderArgs, type TeamScreenProps } from '@/lib/team-area';
import { teamBookmarkQueryOptions } from '../api/find-bookmark';
import { BookmarkForm } from '../components/bookmark-form';
import { DeleteBookmarkButton } from '../components/delete-bookmark-button';

export function loadEditTeamBookmark({
  context: { queryClient, graphqlClient },
  params,
}: TeamLoaderArgs<{ slug: string; id: string }>) {
  return queryClient.ensureQueryData(teamBookmarkQueryOptions(graphqlClient, params.slug, params.id));
}

export function EditTeamBookmarkScreen({ slug, id, area }: TeamScreenProps & { id: string }) {
  const navigate = useNavigate();
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const teamPath = teamPathOf(area, slug);
  const { data: bookmark } = useSuspenseQuery(teamBookmarkQueryOptions(graphqlClient, slug, id));
  const backToList = () => navigate({ href: `${teamPath}/bookmarks` });
  return (
    <section aria-labelledby="edit-bookmark-heading" className="grid gap-4">
      <div className="flex max-w-2xl items-center justify-between gap-4">
        <h2 id="edit-bookmark-heading" className="text-lg font-semibold">
          Edit team bookmark
        </h2>
        <DeleteBookmarkButton bookmark={bookmark} onDeleted={() => void backToList()} />
      </div>
      <BookmarkForm
        bookmark={bookmark}
        teamFriendlyId={slug}
        cancelHref={`${teamPath}/bookmarks`}
        onSaved={() => void backToList()}
      />
    </section>
  );
}
