import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { InboxIcon } from 'lucide-react';
import { FilteredCursorList } from '@/components/filtered-cursor-list';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { splitListSearch, type ListScreenProps } from '@/lib/list-route';
import { useDeferredListPage } from '@/lib/use-list-page';
import { appRequestsPageQueryOptions } from '../api/get-app-requests';
import { getApplicationByIdQueryOptions } from '../api/get-application-by-id';
import { isFiltered, type AppRequestFilter } from '../app-request-filter';
import { AppRequestFilters } from '../components/app-request-filters';
import { AppRequestsTable } from '../components/app-requests-table';

export function AppRequestsScreen({ search, onSearchChange }: ListScreenProps<AppRequestFilter>) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data, isUpdating } = useDeferredListPage(appRequestsPageQueryOptions, search);
  const { filter } = splitListSearch(search);
  const chosenApplication = useQuery({
    ...getApplicationByIdQueryOptions(graphqlClient, filter.app ?? ''),
    enabled: filter.app !== undefined,
  });
  const chosenApplicationName = filter.app ? chosenApplication.data?.applicationById.name : undefined;
  const appRequests = data.appRequests.nodes ?? [];

  return (
    <>
      <AppRequestsHeader />
      <FilteredCursorList
        label="Application requests"
        filters={
          <AppRequestFilters
            filter={filter}
            chosenApplicationName={chosenApplicationName}
            isUpdating={isUpdating}
            onApply={onSearchChange}
          />
        }
        pageInfo={data.appRequests.pageInfo}
        onPageChange={(page) => onSearchChange({ ...filter, ...page })}
        isEmpty={appRequests.length === 0}
        isFiltered={isFiltered(filter)}
        isUpdating={isUpdating}
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

export function AppRequestsScreenSkeleton() {
  return (
    <>
      <AppRequestsHeader />
      <Skeleton className="mb-4 h-[22.875rem] rounded-xl sm:h-[13.625rem] lg:h-[5.75rem]" />
      <TableSkeleton columns={5} />
    </>
  );
}

function AppRequestsHeader() {
  return (
    <PageHeader
      title="Application requests"
      description="Teams asking for applications. Pending requests wait for a decision."
    />
  );
}
