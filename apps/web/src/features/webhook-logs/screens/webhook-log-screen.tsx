import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { readFragment } from 'gql.tada';
import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getWebhookLogQueryOptions, webhookLogFieldsFragment } from '../api/get-webhook-log';
import { WebhookLogDetail } from '../components/webhook-log-detail';

export function WebhookLogScreen({ id }: { id: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useSuspenseQuery(getWebhookLogQueryOptions(graphqlClient, id));
  const webhookLog = readFragment(webhookLogFieldsFragment, data.webhookLog);

  return (
    <>
      <BackLink to="/system/webhook-logs">All deliveries</BackLink>
      <PageHeader title={<span className="font-mono text-xl break-all sm:text-2xl">{webhookLog.eventType}</span>} />
      <WebhookLogDetail webhookLog={webhookLog} />
    </>
  );
}

export function WebhookLogScreenSkeleton() {
  return (
    <>
      <BackLink to="/system/webhook-logs">All deliveries</BackLink>
      <Skeleton className="mb-6 h-8 w-64" />
      <Skeleton className="mb-6 h-32 rounded-xl" />
      <Skeleton className="h-64 rounded-lg" />
    </>
  );
}
