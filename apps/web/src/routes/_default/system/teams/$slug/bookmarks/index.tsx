import { createFileRoute } from '@tanstack/react-router';
import { BookmarkIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/')({
  head: () => ({ meta: [{ title: pageTitle('Team bookmarks') }] }),
  component: TeamBookmarksPage,
});

function TeamBookmarksPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={BookmarkIcon}
      title="Team bookmarks"
      description="Links shared in a team."
      preview={`The bookmarks shared in ${slug} will appear here.`}
    />
  );
}
