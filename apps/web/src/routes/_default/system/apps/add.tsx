import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ApplicationForm } from '@/features/applications/components/application-form';
import { BackLink } from '@/components/back-link';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/apps/add')({
  head: () => ({ meta: [{ title: pageTitle('Add application') }] }),
  component: AddApplicationPage,
});

function AddApplicationPage() {
  return (
    <>
      <BackLink to="/system/apps">All applications</BackLink>
      <PageHeader
        title="Add application"
        description="Publish an application to the catalogue; teams can then request it, or you grant it directly."
      />
      <div className="max-w-3xl">
        <ApplicationForm />
      </div>
    </>
  );
}
