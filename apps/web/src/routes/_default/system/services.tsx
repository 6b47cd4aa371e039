import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { getInstallationStatusQueryOptions } from '@/features/installation/api/get-installation-status';
import {
  InstallationStatusSection,
  InstallationStatusSectionSkeleton,
} from '@/features/installation/components/installation-status-section';
import { allServiceKeysPageQueryOptions } from '@/features/service-keys/api/get-all-service-keys';
import {
  AllServiceKeysSection,
  AllServiceKeysSectionSkeleton,
} from '@/features/service-keys/components/all-service-keys-section';
import { listSearchOf, loadListPage, textSearchOf } from '@/lib/list-route';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/services')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, textSearchOf),
  loaderDeps: ({ search }) => search,
  loader: (args) =>
    Promise.all([
      loadListPage(args, '/system/services', allServiceKeysPageQueryOptions),
      args.context.queryClient.ensureQueryData(getInstallationStatusQueryOptions(args.context.graphqlClient)),
    ]),
  head: () => ({ meta: [{ title: pageTitle('Services') }] }),
  pendingComponent: () => (
    <>
      <ServicesHeader />
      <AllServiceKeysSectionSkeleton />
      <InstallationStatusSectionSkeleton />
    </>
  ),
  component: ServicesRoute,
});

function ServicesRoute() {
  const navigate = Route.useNavigate();
  return (
    <>
      <ServicesHeader />
      <AllServiceKeysSection
        search={Route.useSearch()}
        onSearchChange={(search, options) => void navigate({ search, ...options })}
      />
      <InstallationStatusSection />
    </>
  );
}

function ServicesHeader() {
  return <PageHeader title="Services" description="Every user's service keys, and how this installation runs." />;
}
