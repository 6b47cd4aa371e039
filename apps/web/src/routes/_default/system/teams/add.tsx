import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SystemAddTeamForm } from '@/features/teams/components/system-add-team-form';
import { BackLink } from '@/components/back-link';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/add')({
  head: () => ({ meta: [{ title: pageTitle('Add team') }] }),
  component: AddTeamPage,
});

function AddTeamPage() {
  return (
    <>
      <BackLink to="/system/teams">All teams</BackLink>
      <PageHeader title="Add team" description="Create a team for any account; its owner can then invite members." />
      <SystemAddTeamForm />
    </>
  );
}
