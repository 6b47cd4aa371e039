import { createFileRoute } from '@tanstack/react-router';
import { teamManagerAccess } from '@/features/auth/route-access';
import { AddTeamBookmarkScreen } from '@/features/bookmarks/screens/add-team-bookmark-screen';
import { memberTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/bookmarks/create')({
  staticData: { access: teamManagerAccess },
  head: () => ({ meta: [{ title: pageTitle('Add a team bookmark') }] }),
  component: AddTeamBookmarkRoute,
});

function AddTeamBookmarkRoute() {
  const { slug } = Route.useParams();
  return <AddTeamBookmarkScreen slug={slug} area={memberTeamArea} />;
}
