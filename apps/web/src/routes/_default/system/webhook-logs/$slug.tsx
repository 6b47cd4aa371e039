import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { readFragment } from 'gql.tada';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getWebhookLogQueryOptions, webhookLogFieldsFragment } from '@/features/webhook-logs/api/get-webhook-log';
import { WebhookLogDetail } from '@/features/webhook-logs/components/webhook-log-detail';
import { BackLink } from '@/components/back-link';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/webhook-logs/$slug')({
  loader: async ({ context, params }) => {
    const { webhookLog } = await orNotFound(
      context.queryClient.ensureQueryData(getWebhookLogQueryOptions(context.graphqlClient, params.slug)),
    );
    return { title: readFragment(webhookLogFieldsFragment, webhookLog).eventType };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Webhook delivery') }] }),
  pendingComponent: () => (
    <>
      <BackLink to="/system/webhook-logs">All deliveries</BackLink>
      <Skeleton className="mb-6 h-8 w-64" />
      <Skeleton className="mb-6 h-32 rounded-xl" />
      <Skeleton className="h-64 rounded-lg" />
    </>
  ),
  component: WebhookLogPage,
});

function WebhookLogPage() {
  const { graphqlClient } = Route.useRouteContext();
  const { slug } = Route.useParams();
  const { data } = useSuspenseQuery(getWebhookLogQueryOptions(graphqlClient, slug));
  const webhookLog = readFragment(webhookLogFieldsFragment, data.webhookLog);

  return (
    <>
      <BackLink to="/system/webhook-logs">All deliveries</BackLink>
      <PageHeader title={<span className="font-mono text-xl break-all sm:text-2xl">{webhookLog.eventType}</span>} />
      <WebhookLogDetail webhookLog={webhookLog} />
    </>
  );
}
