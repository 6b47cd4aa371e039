import { createFileRoute } from '@tanstack/react-router';
import { loadTeamBookmarks, TeamBookmarksScreen } from '@/features/bookmarks/screens/team-bookmarks-screen';
import { systemTeamArea } from '@/features/teams/team-area';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/')({
  loader: loadTeamBookmarks,
  head: () => ({ meta: [{ title: pageTitle('Team bookmarks') }] }),
  component: () => <TeamBookmarksScreen slug={Route.useParams().slug} area={systemTeamArea} />,
});
