import { createFileRoute } from '@tanstack/react-router';
import { loadTeamBookmarks, TeamBookmarksScreen } from '@/features/bookmarks/screens/team-bookmarks-screen';
import { systemTeamArea } from '@/lib/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/')({
  loader: loadTeamBookmarks,
  head: () => ({ meta: [{ title: pageTitle('Team bookmarks') }] }),
  component: TeamBookmarksRoute,
});

function TeamBookmarksRoute() {
  const { slug } = Route.useParams();
  return <TeamBookmarksScreen slug={slug} area={systemTeamArea} />;
}
