import { createFileRoute } from '@tanstack/react-router';
import { EditTeamBookmarkScreen, loadEditTeamBookmark } from '@/features/bookmarks/screens/edit-team-bookmark-screen';
import { systemTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/$id')({
  loader: loadEditTeamBookmark,
  head: () => ({ meta: [{ title: pageTitle('Edit team bookmark') }] }),
  component: EditTeamBookmarkRoute,
});

function EditTeamBookmarkRoute() {
  const { slug, id } = Route.useParams();
  return <EditTeamBookmarkScreen slug={slug} id={id} area={systemTeamArea} />;
}
