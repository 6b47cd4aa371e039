import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { AddTeamForm } from '@/features/admin-teams/components/add-team-form';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/add')({
  head: () => ({ meta: [{ title: pageTitle('Add team') }] }),
  component: AddTeamPage,
});

function AddTeamPage() {
  return (
    <>
      <Link
        to="/system/teams"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon aria-hidden className="size-4" />
        All teams
      </Link>
      <PageHeader title="Add team" description="Create a team for any account; its owner can then invite members." />
      <AddTeamForm />
    
    </>
  );
}
