import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { InboxIcon } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { getAppRequestsQueryOptions } from '@/features/applications/api/get-app-requests';
import {
  appRequestFilterOf,
  appRequestVariablesOf,
  isFiltered,
  type AppRequestFilter,
} from '@/features/applications/app-request-filter';
import { AppRequestFilters } from '@/features/applications/components/app-request-filters';
import { AppRequestsTable } from '@/features/applications/components/app-requests-table';
import { getApplicationByIdQueryOptions } from '@/features/applications/api/get-application-by-id';
import {
  cursorPageSearchOf,
  cursorPageVariables,
  type CursorPageSearch,
  loadPageOrFirstPage,
} from '@/lib/cursor-paging';
import type { GraphQLClient } from '@/lib/graphql-client';
import { pageTitle } from '@/lib/page-title';
import { FilteredCursorList } from '@/components/filtered-cursor-list';

const pageSize = 25;

const description = 'Teams asking for applications. Pending requests wait for a decision.';

export const Route = createFileRoute('/_default/system/app-requests/')({
  validateSearch: (search: Record<string, unknown>): CursorPageSearch & AppRequestFilter => ({
    ...cursorPageSearchOf(search),
    ...appRequestFilterOf(search),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, graphqlClient }, deps: { after, before, ...filter } }) =>
    Promise.all([
      loadPageOrFirstPage(
        { after, before },
        () => queryClient.ensureQueryData(appRequestsQueryOptionsOf(graphqlClient, filter, { after, before })),
        () => redirect({ to: '/system/app-requests', search: filter, replace: true }),
      ),
      // The filter shows the chosen application by name; an unknown id simply shows no name.
      filter.app && queryClient.prefetchQuery(getApplicationByIdQueryOptions(graphqlClient, filter.app)),
    ]),
  head: () => ({ meta: [{ title: pageTitle('Application requests') }] }),
  pendingComponent: () => (
    <>
      <PageHeader title="Application requests" description={description} />
      <Skeleton className="mb-4 h-[22.875rem] rounded-xl sm:h-[13.625rem] lg:h-[5.75rem]" />
      <TableSkeleton columns={5} />
    </>
  ),
  component: AppRequestsPage,
});

function appRequestsQueryOptionsOf(graphqlClient: GraphQLClient, filter: AppRequestFilter, page: CursorPageSearch) {
  return getAppRequestsQueryOptions(graphqlClient, {
    ...appRequestVariablesOf(filter),
    ...cursorPageVariables(page, pageSize),
  });
}

function AppRequestsPage() {
  const { graphqlClient } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const { after, before, ...filter } = Route.useSearch();
  const { data } = useSuspenseQuery(appRequestsQueryOptionsOf(graphqlClient, filter, { after, before }));
  const chosenApplication = useQuery({
    ...getApplicationByIdQueryOptions(graphqlClient, filter.app ?? ''),
    enabled: filter.app !== undefined,
  });
  const chosenApplicationName = filter.app ? chosenApplication.data?.applicationById.name : undefined;
  const appRequests = data.appRequests.nodes ?? [];

  return (
    <>
      <PageHeader title="Application requests" description={description} />
      <FilteredCursorList
        label="Application requests"
        filters={
          <AppRequestFilters
            // A filter applied elsewhere (back button, Clear, a link) starts the form over from it.
            key={`${JSON.stringify(filter)} ${chosenApplicationName}`}
            filter={filter}
            chosenApplicationName={chosenApplicationName}
            onApply={(nextFilter) => void navigate({ search: nextFilter })}
          />
        }
        pageInfo={data.appRequests.pageInfo}
        onPageChange={(page) => void navigate({ search: { ...filter, ...page } })}
        isEmpty={appRequests.length === 0}
        isFiltered={isFiltered(filter)}
        noMatch={{ title: 'No matching requests', text: 'No request matches this filter.' }}
        empty={{
          icon: InboxIcon,
          title: 'No pending requests',
          text: 'Requests from teams appear here, and every administrator is notified of each one.',
        }}
      >
        <AppRequestsTable appRequests={appRequests} />
      </FilteredCursorList>
    </>
  );
}
