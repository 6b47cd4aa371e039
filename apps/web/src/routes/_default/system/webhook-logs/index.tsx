import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { WebhookIcon } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { getWebhookLogsQueryOptions } from '@/features/webhook-logs/api/get-webhook-logs';
import { WebhookLogFilters } from '@/features/webhook-logs/components/webhook-log-filters';
import { WebhookLogsTable } from '@/features/webhook-logs/components/webhook-logs-table';
import {
  type WebhookLogFilter,
  webhookLogFilterOf,
  webhookLogVariablesOf,
} from '@/features/webhook-logs/webhook-log-filter';
import {
  cursorPageSearchOf,
  cursorPageVariables,
  type CursorPageSearch,
  loadPageOrFirstPage,
} from '@/lib/cursor-paging';
import { pageTitle } from '@/lib/page-title';
import { FilteredCursorList } from '@/components/filtered-cursor-list';

const pageSize = 25;

const description = 'Billing webhook deliveries as they arrived; failed ones can be replayed.';

export const Route = createFileRoute('/_default/system/webhook-logs/')({
  validateSearch: (search: Record<string, unknown>): CursorPageSearch & WebhookLogFilter => ({
    ...cursorPageSearchOf(search),
    ...webhookLogFilterOf(search),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps: { after, before, ...filter } }) =>
    loadPageOrFirstPage(
      { after, before },
      () =>
        context.queryClient.ensureQueryData(
          getWebhookLogsQueryOptions(context.graphqlClient, webhookLogsVariablesOf(filter, { after, before })),
        ),
      () => redirect({ to: '/system/webhook-logs', search: filter, replace: true }),
    ),
  head: () => ({ meta: [{ title: pageTitle('Webhook logs') }] }),
  pendingComponent: () => (
    <>
      <PageHeader title="Webhook logs" description={description} />
      <Skeleton className="mb-4 h-[9.5rem] rounded-xl sm:h-[5.75rem]" />
      <TableSkeleton />
    </>
  ),
  component: WebhookLogsPage,
});

function webhookLogsVariablesOf(filter: WebhookLogFilter, page: CursorPageSearch) {
  return { ...webhookLogVariablesOf(filter), ...cursorPageVariables(page, pageSize) };
}

function WebhookLogsPage() {
  const { graphqlClient } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const { after, before, ...filter } = Route.useSearch();
  const { data } = useSuspenseQuery(
    getWebhookLogsQueryOptions(graphqlClient, webhookLogsVariablesOf(filter, { after, before })),
  );
  const webhookLogs = data.webhookLogs.nodes ?? [];
  const hasFilter = Boolean(filter.processed || filter.eventType);

  return (
    <>
      <PageHeader title="Webhook logs" description={description} />
      <FilteredCursorList
        label="Webhook logs"
        filters={
          <WebhookLogFilters
            // A filter applied elsewhere (back button, Clear) starts the form over from it.
            key={JSON.stringify(filter)}
            filter={filter}
            onApply={(nextFilter) => void navigate({ search: nextFilter })}
          />
        }
        pageInfo={data.webhookLogs.pageInfo}
        onPageChange={(page) => void navigate({ search: { ...filter, ...page } })}
        isEmpty={webhookLogs.length === 0}
        isFiltered={hasFilter}
        noMatch={{ title: 'No matching deliveries', text: 'No delivery matches this filter.' }}
        empty={{
          icon: WebhookIcon,
          title: 'No deliveries yet',
          text: 'Signed webhooks from the billing system appear here once BILLING_WEBHOOK_SECRET is set and the billing system posts to /api/webhooks/billing.',
        }}
      >
        <WebhookLogsTable webhookLogs={webhookLogs} />
      </FilteredCursorList>
    </>
  );
}
