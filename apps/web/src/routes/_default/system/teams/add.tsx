import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { AddTeamForm } from '@/features/teams/components/add-team-form';
import { BackLink } from '@/components/back-link';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/add')({
  head: () => ({ meta: [{ title: pageTitle('Add team') }] }),
  component: AddTeamPage,
});

function AddTeamPage() {
  const navigate = useNavigate();
  return (
    <>
      <BackLink to="/system/teams">All teams</BackLink>
      <PageHeader title="Add team" description="Create a team for any account; its owner can then invite members." />
      <AddTeamForm
        forAnyOwner
        cancelHref="/system/teams"
        onCreated={(slug) => void navigate({ to: '/system/teams/$slug/home', params: { slug } })}
      />
    </>
  );
}
