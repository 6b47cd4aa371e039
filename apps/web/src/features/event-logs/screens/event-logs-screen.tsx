import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { DownloadIcon, ScrollTextIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FilteredCursorList } from '@/components/filtered-cursor-list';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { splitListSearch, type ListScreenProps } from '@/lib/list-route';
import { useDeferredListPage } from '@/lib/use-list-page';
import { downloadEventLogsCsv } from '../api/download-event-logs-csv';
import { eventLogsPageQueryOptions } from '../api/get-event-logs';
import { EventLogFilters } from '../components/event-log-filters';
import { EventLogsTable } from '../components/event-logs-table';
import type { EventLogFilter } from '../event-log-filter';

export function EventLogsScreen({ search, onSearchChange }: ListScreenProps<EventLogFilter>) {
  const { session } = useRouteContext({ from: '__root__' });
  const { data, isUpdating } = useDeferredListPage(eventLogsPageQueryOptions, search);
  const { filter } = splitListSearch(search);
  const eventLogs = data.eventLogs.nodes ?? [];

  const download = useMutation({
    mutationFn: () => downloadEventLogsCsv(session, filter),
    onError: (error) => {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
    },
  });

  return (
    <>
      <EventLogsHeader
        actions={
          <Button color="neutral" variant="outline" loading={download.isPending} onClick={() => download.mutate()}>
            <DownloadIcon aria-hidden />
            Download CSV
          </Button>
        }
      />
      <FilteredCursorList
        label="Event logs"
        filters={<EventLogFilters filter={filter} isUpdating={isUpdating} onApply={onSearchChange} />}
        pageInfo={data.eventLogs.pageInfo}
        onPageChange={(page) => onSearchChange({ ...filter, ...page })}
        isEmpty={eventLogs.length === 0}
        isFiltered={Object.values(filter).some(Boolean)}
        isUpdating={isUpdating}
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

export function EventLogsScreenSkeleton() {
  return (
    <>
      <EventLogsHeader />
      <Skeleton className="mb-4 h-[9.5rem] rounded-xl lg:h-[5.75rem]" />
      <TableSkeleton columns={4} />
    </>
  );
}

function EventLogsHeader({ actions }: { actions?: ReactNode }) {
  return (
    <PageHeader title="Event logs" description="Every change made in the portal, newest first." actions={actions} />
  );
}
