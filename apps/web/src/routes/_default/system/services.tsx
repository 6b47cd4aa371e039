import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { KeyRoundIcon } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getInstallationStatusQueryOptions } from '@/features/installation/api/get-installation-status';
import { InstallationStatus } from '@/features/installation/components/installation-status';
import { getAllServiceKeysQueryOptions } from '@/features/service-keys/api/get-all-service-keys';
import { AllServiceKeysTable } from '@/features/service-keys/components/all-service-keys-table';
import { SearchableList, SearchableListSkeleton } from '@/components/searchable-list';
import { cursorPageSearchOf, cursorPageVariables, searchText, type CursorPageSearch } from '@/lib/cursor-paging';
import { pageTitle } from '@/lib/page-title';

const pageSize = 20;

type ServicesSearch = CursorPageSearch & { search?: string };

export const Route = createFileRoute('/_default/system/services')({
  validateSearch: (search: Record<string, unknown>): ServicesSearch => ({
    ...cursorPageSearchOf(search),
    search: searchText(search.search),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(
        getAllServiceKeysQueryOptions(context.graphqlClient, serviceKeysVariablesOf(deps)),
      ),
      context.queryClient.ensureQueryData(getInstallationStatusQueryOptions(context.graphqlClient)),
    ]),
  head: () => ({ meta: [{ title: pageTitle('Services') }] }),
  pendingComponent: () => (
    <>
      <ServicesHeader />
      <ServiceKeysHeading />
      <SearchableListSkeleton />
      <Skeleton className="mt-10 h-[34rem] max-w-3xl rounded-xl" />
    </>
  ),
  component: ServicesPage,
});

function serviceKeysVariablesOf({ search, ...page }: ServicesSearch) {
  return { search, ...cursorPageVariables(page, pageSize) };
}

function ServicesPage() {
  const { graphqlClient } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(getAllServiceKeysQueryOptions(graphqlClient, serviceKeysVariablesOf(search)));
  const { data: status } = useSuspenseQuery(getInstallationStatusQueryOptions(graphqlClient));
  const serviceKeys = data.allServiceKeys.nodes ?? [];

  return (
    <>
      <ServicesHeader />
      <section aria-labelledby="service-keys-heading">
        <ServiceKeysHeading />
        <SearchableList
          label="Service keys"
          searchPlaceholder="Key name or owner's email"
          search={search.search ?? ''}
          onSearch={(text) => void navigate({ search: { search: text || undefined }, replace: true })}
          pageInfo={data.allServiceKeys.pageInfo}
          onPageChange={(page) => void navigate({ search: { search: search.search, ...page } })}
          isEmpty={serviceKeys.length === 0}
          empty={{
            icon: KeyRoundIcon,
            title: 'No service keys',
            text: 'Keys appear here once users create them on their profile.',
          }}
        >
          <AllServiceKeysTable serviceKeys={serviceKeys} />
        </SearchableList>
      </section>
      <section aria-label="Installation status" className="mt-10 max-w-3xl">
        <InstallationStatus status={status} />
      </section>
    </>
  );
}

function ServicesHeader() {
  return <PageHeader title="Services" description="Every user's service keys, and how this installation runs." />;
}

function ServiceKeysHeading() {
  return (
    <div className="mb-4 grid gap-1">
      <h2 id="service-keys-heading" className="text-lg font-semibold">
        Service keys
      </h2>
      <p className="text-sm text-muted-foreground">
        Keys that still work, newest first. Revoke one and it stops working with its next call.
      </p>
    </div>
  );
}
