import { createFileRoute } from '@tanstack/react-router';
import { webhookLogsPageQueryOptions } from '@/features/webhook-logs/api/get-webhook-logs';
import { WebhookLogsScreen, WebhookLogsScreenSkeleton } from '@/features/webhook-logs/screens/webhook-logs-screen';
import { webhookLogFilterOf } from '@/features/webhook-logs/webhook-log-filter';
import { loadFilteredListPage } from '@/lib/filtered-list-loader';
import { listSearchOf } from '@/lib/list-route';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/webhook-logs/')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, webhookLogFilterOf),
  loaderDeps: ({ search }) => search,
  loader: (args) => loadFilteredListPage(args, '/system/webhook-logs', webhookLogsPageQueryOptions),
  head: () => ({ meta: [{ title: pageTitle('Webhook logs') }] }),
  pendingComponent: WebhookLogsScreenSkeleton,
  component: WebhookLogsRoute,
});

function WebhookLogsRoute() {
  const navigate = Route.useNavigate();
  return (
    <WebhookLogsScreen
      search={Route.useSearch()}
      onSearchChange={(search, options) => void navigate({ search, ...options })}
    />
  );
}
