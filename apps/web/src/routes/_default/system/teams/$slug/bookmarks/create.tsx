import { createFileRoute } from '@tanstack/react-router';
import { BookmarkPlusIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/bookmarks/create')({
  head: () => ({ meta: [{ title: pageTitle('Add a team bookmark') }] }),
  component: AddATeamBookmarkPage,
});

function AddATeamBookmarkPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={BookmarkPlusIcon}
      title="Add a team bookmark"
      description="Share a link with a team."
      preview={`A form to add a bookmark for ${slug} will appear here.`}
    />
  );
}
