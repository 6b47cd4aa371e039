import { createFileRoute } from '@tanstack/react-router';
import { teamManagerAccess } from '@/features/auth/route-access';
import { EditTeamBookmarkScreen, loadEditTeamBookmark } from '@/features/bookmarks/screens/edit-team-bookmark-screen';
import { memberTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/bookmarks/$id')({
  staticData: { access: teamManagerAccess },
  loader: loadEditTeamBookmark,
  head: () => ({ meta: [{ title: pageTitle('Edit team bookmark') }] }),
  component: EditTeamBookmarkRoute,
});

function EditTeamBookmarkRoute() {
  const { slug, id } = Route.useParams();
  return <EditTeamBookmarkScreen slug={slug} id={id} area={memberTeamArea} />;
}
