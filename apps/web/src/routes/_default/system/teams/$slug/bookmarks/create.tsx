import { createFileRoute } from '@tanstack/react-router';
import { AddTeamBookmarkScreen } from '@/features/bookmarks/screens/add-team-bookmark-screen';
import { systemTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/create')({
  head: () => ({ meta: [{ title: pageTitle('Add a team bookmark') }] }),
  component: AddTeamBookmarkRoute,
});

function AddTeamBookmarkRoute() {
  const { slug } = Route.useParams();
  return <AddTeamBookmarkScreen slug={slug} area={systemTeamArea} />;
}
