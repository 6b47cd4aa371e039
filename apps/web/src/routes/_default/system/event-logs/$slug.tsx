import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DescriptionList } from '@/components/ui/description-list';
import { JsonView } from '@/components/ui/json-view';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getEventDetailQueryOptions } from '@/features/event-logs/api/get-event-detail';
import { BackLink } from '@/components/back-link';
import { formatDateTime } from '@/lib/format-date';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/event-logs/$slug')({
  loader: async ({ context, params }) => {
    const { eventDetail } = await orNotFound(
      context.queryClient.ensureQueryData(getEventDetailQueryOptions(context.graphqlClient, params.slug)),
    );
    return { title: eventDetail.eventType };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Event') }] }),
  pendingComponent: () => (
    <>
      <BackLink to="/system/event-logs">All events</BackLink>
      <Skeleton className="mb-6 h-8 w-64" />
      <Skeleton className="mb-6 h-32 rounded-xl" />
      <Skeleton className="h-64 rounded-lg" />
    </>
  ),
  component: EventDetailPage,
});

function EventDetailPage() {
  const { graphqlClient } = Route.useRouteContext();
  const { slug } = Route.useParams();
  const { data } = useSuspenseQuery(getEventDetailQueryOptions(graphqlClient, slug));
  const event = data.eventDetail;

  return (
    <>
      <BackLink to="/system/event-logs">All events</BackLink>
      <PageHeader title={<span className="font-mono text-xl break-all sm:text-2xl">{event.eventType}</span>} />
      <DescriptionList
        className="mb-6"
        items={[
          { term: 'Date', details: formatDateTime(event.date) },
          { term: 'User', details: event.userEmail ?? 'System (no signed-in user)' },
          { term: 'Event id', details: <span className="font-mono text-xs">{event.id}</span> },
        ]}
      />
      <JsonView label="Payload" value={event.payload} />
    </>
  );
}
