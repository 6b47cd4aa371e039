import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { teamManagerAccess } from '@/features/auth/route-access';
import { teamBookmarkQueryOptions } from '@/features/bookmarks/api/find-bookmark';
import { BookmarkForm } from '@/features/bookmarks/components/bookmark-form';
import { DeleteBookmarkButton } from '@/features/bookmarks/components/delete-bookmark-button';
import { memberTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/bookmarks/$id')({
  staticData: { access: teamManagerAccess },
  loader: ({ context: { queryClient, graphqlClient }, params }) =>
    queryClient.ensureQueryData(teamBookmarkQueryOptions(graphqlClient, params.slug, params.id)),
  head: () => ({ meta: [{ title: pageTitle('Edit team bookmark') }] }),
  component: EditTeamBookmarkPage,
});

function EditTeamBookmarkPage() {
  const { slug, id } = Route.useParams();
  const navigate = useNavigate();
  const { graphqlClient } = Route.useRouteContext();
  const { team, teamPath } = useTeamScreen(slug, memberTeamArea);
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
        teamFriendlyId={team.friendlyId}
        cancelHref={`${teamPath}/bookmarks`}
        onSaved={() => void backToList()}
      />
    </section>
  );
}
