import { createFileRoute } from '@tanstack/react-router';
import { MailPlusIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/$slug/invite')({
  head: () => ({ meta: [{ title: pageTitle('Invite members') }] }),
  component: InviteMembersPage,
});

function InviteMembersPage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={MailPlusIcon}
      title="Invite members"
      description="Invite people to a team by email."
      preview={`A form to invite people to ${slug}, and its pending invites, will appear here.`}
    />
  );
}
