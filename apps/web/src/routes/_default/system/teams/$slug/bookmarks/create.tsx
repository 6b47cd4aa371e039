import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BookmarkForm } from '@/features/bookmarks/components/bookmark-form';
import { systemTeamArea, useTeamScreen } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/create')({
  head: () => ({ meta: [{ title: pageTitle('Add a team bookmark') }] }),
  component: AddTeamBookmarkPage,
});

function AddTeamBookmarkPage() {
  const { slug } = Route.useParams();
  const navigate = useNavigate();
  const { team, teamPath } = useTeamScreen(slug, systemTeamArea);
  return (
    <section aria-labelledby="add-bookmark-heading" className="grid gap-4">
      <h2 id="add-bookmark-heading" className="text-lg font-semibold">
        Add a team bookmark
      </h2>
      <BookmarkForm
        teamFriendlyId={team.friendlyId}
        cancelHref={`${teamPath}/bookmarks`}
        onSaved={() => void navigate({ href: `${teamPath}/bookmarks` })}
      />
    </section>
  );
}
