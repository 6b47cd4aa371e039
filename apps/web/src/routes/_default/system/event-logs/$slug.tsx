import { createFileRoute } from '@tanstack/react-router';
import { getEventDetailQueryOptions } from '@/features/event-logs/api/get-event-detail';
import { EventDetailScreen, EventDetailScreenSkeleton } from '@/features/event-logs/screens/event-detail-screen';
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
  pendingComponent: EventDetailScreenSkeleton,
  component: EventDetailRoute,
});

function EventDetailRoute() {
  return <EventDetailScreen id={Route.useParams().slug} />;
}
