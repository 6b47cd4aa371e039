import { createFileRoute } from '@tanstack/react-router';
import { BookmarkPlusIcon } from 'lucide-react';
import { teamManagerAccess } from '@/features/auth/route-access';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/bookmarks/create')({
  staticData: { access: teamManagerAccess },
  head: () => ({ meta: [{ title: pageTitle('Add a team bookmark') }] }),
  component: AddATeamBookmarkPage,
});

function AddATeamBookmarkPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={BookmarkPlusIcon}
      title="Add a team bookmark"
      description="Share a link with everyone in the team."
      preview={`A form to add a bookmark for ${slug}, with its title and icon looked up for you, will appear here.`}
    />
  );
}
