import { createFileRoute } from '@tanstack/react-router';
import { readFragment } from 'gql.tada';
import { getWebhookLogQueryOptions, webhookLogFieldsFragment } from '@/features/webhook-logs/api/get-webhook-log';
import { WebhookLogScreen, WebhookLogScreenSkeleton } from '@/features/webhook-logs/screens/webhook-log-screen';
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
  pendingComponent: WebhookLogScreenSkeleton,
  component: WebhookLogRoute,
});

function WebhookLogRoute() {
  return <WebhookLogScreen id={Route.useParams().slug} />;
}
