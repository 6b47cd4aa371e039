import { WebhookIcon } from 'lucide-react';
import { FilteredCursorList } from '@/components/filtered-cursor-list';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { splitListSearch, type ListScreenProps } from '@/lib/list-route';
import { useDeferredListPage } from '@/lib/use-list-page';
import { webhookLogsPageQueryOptions } from '../api/get-webhook-logs';
import { WebhookLogFilters } from '../components/webhook-log-filters';
import { WebhookLogsTable } from '../components/webhook-logs-table';
import type { WebhookLogFilter } from '../webhook-log-filter';

export function WebhookLogsScreen({ search, onSearchChange }: ListScreenProps<WebhookLogFilter>) {
  const { data, isUpdating } = useDeferredListPage(webhookLogsPageQueryOptions, search);
  const { filter } = splitListSearch(search);
  const webhookLogs = data.webhookLogs.nodes ?? [];

  return (
    <>
      <WebhookLogsHeader />
      <FilteredCursorList
        label="Webhook logs"
        filters={<WebhookLogFilters filter={filter} isUpdating={isUpdating} onApply={onSearchChange} />}
        pageInfo={data.webhookLogs.pageInfo}
        onPageChange={(page) => onSearchChange({ ...filter, ...page })}
        isEmpty={webhookLogs.length === 0}
        // The order alone narrows nothing: an empty list in the other order is still empty.
        isFiltered={Boolean(filter.processed || filter.eventType)}
        isUpdating={isUpdating}
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

export function WebhookLogsScreenSkeleton() {
  return (
    <>
      <WebhookLogsHeader />
      <Skeleton className="mb-4 h-[9.5rem] rounded-xl sm:h-[5.75rem]" />
      <TableSkeleton />
    </>
  );
}

function WebhookLogsHeader() {
  return (
    <PageHeader
      title="Webhook logs"
      description="Billing webhook deliveries as they arrived; failed ones can be replayed."
    />
  );
}
