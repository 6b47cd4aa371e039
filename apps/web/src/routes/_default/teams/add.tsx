import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { AddTeamForm } from '@/features/teams/components/add-team-form';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/add')({
  head: () => ({ meta: [{ title: pageTitle('Create a team') }] }),
  component: AddTeamPage,
});

function AddTeamPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Create a team"
        description="Start a team and invite the people you work with. You become its owner."
      />
      <AddTeamForm
        cancelHref="/dashboard"
        onCreated={(slug) => void navigate({ to: '/teams/$slug/home', params: { slug } })}
      />
    </>
  );
}
