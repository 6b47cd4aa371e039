import { createFileRoute } from '@tanstack/react-router';
import { UsersIcon } from 'lucide-react';
import { teamManagerAccess } from '@/features/auth/route-access';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/members')({
  staticData: { access: teamManagerAccess },
  head: () => ({ meta: [{ title: pageTitle('Members') }] }),
  component: MembersPage,
});

function MembersPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={UsersIcon}
      title="Members"
      description="Who is in the team and what they may do."
      preview={`The members of ${slug} with their roles, and the tools to change a role or remove someone, will appear here.`}
    />
  );
}
