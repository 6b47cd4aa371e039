import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getInstallationStatusQueryOptions } from '@/features/system/api/get-installation-status';
import { InstallationStatus } from '@/features/system/components/installation-status';
import { pageTitle } from '@/lib/page-title';

const description = 'The health and configuration of this installation.';

export const Route = createFileRoute('/_default/system/services')({
  loader: ({ context }) => context.queryClient.ensureQueryData(getInstallationStatusQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle('Services') }] }),
  pendingComponent: () => (
    <>
      <PageHeader title="Services" description={description} />
      <Skeleton className="h-[27rem] max-w-3xl rounded-xl" />
    </>
  ),
  component: ServicesPage,
});

function ServicesPage() {
  const { data } = useSuspenseQuery(getInstallationStatusQueryOptions());
  return (
    <>
      <PageHeader title="Services" description={description} />
      <div className="max-w-3xl">
        <InstallationStatus status={data} />
      </div>
    </>
  );
}
