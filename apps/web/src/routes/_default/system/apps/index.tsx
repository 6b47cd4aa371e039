import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { AppWindowIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { getAllApplicationsQueryOptions } from '@/features/applications/api/get-all-applications';
import { ApplicationsTable } from '@/features/applications/components/applications-table';
import { SearchableList, SearchableListSkeleton } from '@/components/searchable-list';
import { cursorPageSearchOf, cursorPageVariables, searchText, type CursorPageSearch } from '@/lib/cursor-paging';
import { pageTitle } from '@/lib/page-title';

const pageSize = 20;

type ApplicationsSearch = CursorPageSearch & { search?: string };

export const Route = createFileRoute('/_default/system/apps/')({
  validateSearch: (search: Record<string, unknown>): ApplicationsSearch => ({
    ...cursorPageSearchOf(search),
    search: searchText(search.search),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      getAllApplicationsQueryOptions(context.graphqlClient, applicationsVariablesOf(deps)),
    ),
  head: () => ({ meta: [{ title: pageTitle('Applications') }] }),
  pendingComponent: () => (
    <>
      <ApplicationsHeader />
      <SearchableListSkeleton />
    </>
  ),
  component: ApplicationsPage,
});

function applicationsVariablesOf({ search, ...page }: ApplicationsSearch) {
  return { search, ...cursorPageVariables(page, pageSize) };
}

function ApplicationsPage() {
  const { graphqlClient } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(getAllApplicationsQueryOptions(graphqlClient, applicationsVariablesOf(search)));
  const applications = data.allApplications.nodes ?? [];

  return (
    <>
      <ApplicationsHeader />
      <SearchableList
        label="Applications"
        searchPlaceholder="Name or description"
        search={search.search ?? ''}
        onSearch={(text) => void navigate({ search: { search: text || undefined }, replace: true })}
        pageInfo={data.allApplications.pageInfo}
        onPageChange={(page) => void navigate({ search: { search: search.search, ...page } })}
        isEmpty={applications.length === 0}
        empty={{
          icon: AppWindowIcon,
          title: 'No applications yet',
          text: 'Add the first application; teams can then request it from the catalogue.',
        }}
      >
        <ApplicationsTable applications={applications} />
      </SearchableList>
    </>
  );
}

function ApplicationsHeader() {
  return (
    <PageHeader
      title="Applications"
      description="The catalogue teams request applications from, by name."
      actions={
        <Button asChild>
          <Link to="/system/apps/add">
            <PlusIcon aria-hidden />
            Add application
          </Link>
        </Button>
      }
    />
  );
}
