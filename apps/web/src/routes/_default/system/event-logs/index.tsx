import { createFileRoute } from '@tanstack/react-router';
import { eventLogsPageQueryOptions } from '@/features/event-logs/api/get-event-logs';
import { eventLogFilterOf } from '@/features/event-logs/event-log-filter';
import { EventLogsScreen, EventLogsScreenSkeleton } from '@/features/event-logs/screens/event-logs-screen';
import { loadFilteredListPage } from '@/lib/filtered-list-loader';
import { listSearchOf } from '@/lib/list-route';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/event-logs/')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, eventLogFilterOf),
  loaderDeps: ({ search }) => search,
  loader: (args) => loadFilteredListPage(args, '/system/event-logs', eventLogsPageQueryOptions),
  head: () => ({ meta: [{ title: pageTitle('Event logs') }] }),
  pendingComponent: EventLogsScreenSkeleton,
  component: EventLogsRoute,
});

function EventLogsRoute() {
  const navigate = Route.useNavigate();
  return (
    <EventLogsScreen
      search={Route.useSearch()}
      onSearchChange={(search, options) => void navigate({ search, ...options })}
    />
  );
}
