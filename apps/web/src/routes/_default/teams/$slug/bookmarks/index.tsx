import { createFileRoute } from '@tanstack/react-router';
import { BookmarkIcon } from 'lucide-react';
import { teamManagerAccess } from '@/features/auth/route-access';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/bookmarks/')({
  staticData: { access: teamManagerAccess },
  head: () => ({ meta: [{ title: pageTitle('Team bookmarks') }] }),
  component: TeamBookmarksPage,
});

function TeamBookmarksPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={BookmarkIcon}
      title="Team bookmarks"
      description="Links shared with everyone in the team."
      preview={`The bookmarks shared in ${slug}, and the tools to manage them, will appear here.`}
    />
  );
}
