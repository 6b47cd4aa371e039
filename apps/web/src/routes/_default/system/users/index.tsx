import { createFileRoute } from '@tanstack/react-router';
import { UsersIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/users/')({
  head: () => ({ meta: [{ title: pageTitle('Users') }] }),
  component: () => (
    <ComingSoonPage
      icon={UsersIcon}
      title="Users"
      description="Everyone with an account."
      preview="All users, searchable by name or email, will appear here."
    />
  ),
});
