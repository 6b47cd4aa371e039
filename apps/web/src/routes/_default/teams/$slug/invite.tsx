import { createFileRoute } from '@tanstack/react-router';
import { MailPlusIcon } from 'lucide-react';
import { teamManagerAccess } from '@/features/auth/route-access';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/invite')({
  staticData: { access: teamManagerAccess },
  head: () => ({ meta: [{ title: pageTitle('Invite members') }] }),
  component: () => (
    <ComingSoonPage
      icon={MailPlusIcon}
      title="Invite members"
      description="Invite people to the team by email."
      preview="A form to invite several people at once, and the invites still waiting for an answer, will appear here."
    />
  ),
});
