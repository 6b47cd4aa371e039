import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { BackLink } from '@/components/back-link';
import { RelativeTime } from '@/components/relative-time';
import { DescriptionList } from '@/components/ui/description-list';
import { JsonView } from '@/components/ui/json-view';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getEventDetailQueryOptions } from '../api/get-event-detail';
import { TargetLink } from '../components/event-logs-table';
import { eventTargetOf, eventTypeLabel } from '../event-types';

export function EventDetailScreen({ id }: { id: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useSuspenseQuery(getEventDetailQueryOptions(graphqlClient, id));
  const event = data.eventDetail;

  return (
    <>
      <BackLink to="/system/event-logs">All events</BackLink>
      <PageHeader
        title={eventTypeLabel(event.eventType)}
        description={<span className="font-mono break-all">{event.eventType}</span>}
      />
      <DescriptionList
        className="mb-6"
        items={[
          {
            term: 'Date',
            details: <RelativeTime dateTime={event.date} />,
          },
          { term: 'Target', details: <TargetLink target={eventTargetOf(event.eventType, event.payload)} /> },
          { term: 'User', details: event.userEmail ?? 'System (no signed-in user)' },
          { term: 'Event id', details: <span className="font-mono text-xs">{event.id}</span> },
        ]}
      />
      <JsonView label="Payload" value={event.payload} />
    </>
  );
}

export function EventDetailScreenSkeleton() {
  return (
    <>
      <BackLink to="/system/event-logs">All events</BackLink>
      <Skeleton className="mb-6 h-8 w-64" />
      <Skeleton className="mb-6 h-32 rounded-xl" />
      <Skeleton className="h-64 rounded-lg" />
    </>
  );
}
