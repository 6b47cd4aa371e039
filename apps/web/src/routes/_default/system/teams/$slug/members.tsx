import { createFileRoute } from '@tanstack/react-router';
import { UsersIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/members')({
  head: () => ({ meta: [{ title: pageTitle('Members') }] }),
  component: MembersPage,
});

function MembersPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={UsersIcon}
      title="Members"
      description="A team's members and their roles."
      preview={`The members of ${slug} with their roles, and the tools to change them, will appear here.`}
    />
  );
}
