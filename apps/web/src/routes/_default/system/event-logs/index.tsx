import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { DownloadIcon, ScrollTextIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { toast } from '@/components/ui/toast-store';
import { downloadEventLogsCsv } from '@/features/event-logs/api/download-event-logs-csv';
import { getEventLogsQueryOptions } from '@/features/event-logs/api/get-event-logs';
import { EventLogFilters } from '@/features/event-logs/components/event-log-filters';
import { EventLogsTable } from '@/features/event-logs/components/event-logs-table';
import { type EventLogFilter, eventLogFilterOf, eventLogWhereOf } from '@/features/event-logs/event-log-filter';
import {
  cursorPageSearchOf,
  cursorPageVariables,
  type CursorPageSearch,
  loadPageOrFirstPage,
} from '@/lib/cursor-paging';
import { parseError } from '@/lib/graphql-client';
import { pageTitle } from '@/lib/page-title';
import { FilteredCursorList } from '@/components/filtered-cursor-list';

const pageSize = 25;

type EventLogsSearch = CursorPageSearch & EventLogFilter;

export const Route = createFileRoute('/_default/system/event-logs/')({
  validateSearch: (search: Record<string, unknown>): EventLogsSearch => ({
    ...cursorPageSearchOf(search),
    ...eventLogFilterOf(search),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps: { after, before, ...filter } }) =>
    loadPageOrFirstPage(
      { after, before },
      () =>
        context.queryClient.ensureQueryData(
          getEventLogsQueryOptions(context.graphqlClient, eventLogsVariablesOf(filter, { after, before })),
        ),
      () => redirect({ to: '/system/event-logs', search: filter, replace: true }),
    ),
  head: () => ({ meta: [{ title: pageTitle('Event logs') }] }),
  pendingComponent: () => (
    <>
      <PageHeader title="Event logs" description={description} />
      <Skeleton className="mb-4 h-[9.5rem] rounded-xl lg:h-[5.75rem]" />
      <TableSkeleton columns={3} />
    </>
  ),
  component: EventLogsPage,
});

const description = 'Every change made in the portal, newest first.';

function eventLogsVariablesOf(filter: EventLogFilter, page: CursorPageSearch) {
  return { where: eventLogWhereOf(filter), ...cursorPageVariables(page, pageSize) };
}

function EventLogsPage() {
  const { graphqlClient, session } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const { after, before, ...filter } = Route.useSearch();
  const { data } = useSuspenseQuery(
    getEventLogsQueryOptions(graphqlClient, eventLogsVariablesOf(filter, { after, before })),
  );
  const eventLogs = data.eventLogs.nodes ?? [];
  const hasFilter = Object.values(filter).some(Boolean);

  const download = useMutation({
    mutationFn: () => downloadEventLogsCsv(session, filter),
    onError: (error) => {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
    },
  });

  return (
    <>
      <PageHeader
        title="Event logs"
        description={description}
        actions={
          <Button color="neutral" variant="outline" loading={download.isPending} onClick={() => download.mutate()}>
            <DownloadIcon aria-hidden />
            Download CSV
          </Button>
        }
      />
      <FilteredCursorList
        label="Event logs"
        filters={
          <EventLogFilters
            // A filter applied elsewhere (back button, Clear) starts the form over from it.
            key={JSON.stringify(filter)}
            filter={filter}
            onApply={(nextFilter) => void navigate({ search: nextFilter })}
          />
        }
        pageInfo={data.eventLogs.pageInfo}
        onPageChange={(page) => void navigate({ search: { ...filter, ...page } })}
        isEmpty={eventLogs.length === 0}
        isFiltered={hasFilter}
        noMatch={{
          title: 'No matching events',
          text: 'No event matches this filter. Widen the dates or clear the filter.',
        }}
        empty={{ icon: ScrollTextIcon, title: 'No events yet', text: 'Changes made in the portal are recorded here.' }}
      >
        <EventLogsTable eventLogs={eventLogs} />
      </FilteredCursorList>
    </>
  );
}
