import { createFileRoute } from '@tanstack/react-router';
import { teamManagerAccess } from '@/features/auth/route-access';
import { loadTeamBookmarks, TeamBookmarksScreen } from '@/features/bookmarks/screens/team-bookmarks-screen';
import { memberTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/bookmarks/')({
  staticData: { access: teamManagerAccess },
  loader: loadTeamBookmarks,
  head: () => ({ meta: [{ title: pageTitle('Team bookmarks') }] }),
  component: TeamBookmarksRoute,
});

function TeamBookmarksRoute() {
  const { slug } = Route.useParams();
  return <TeamBookmarksScreen slug={slug} area={memberTeamArea} />;
}
