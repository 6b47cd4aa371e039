import { Link } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { LinkedTableRow, rowLinkProps } from '@/components/linked-table-row';
import { RelativeTime } from '@/components/relative-time';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { getEventLogsDocument } from '../api/get-event-logs';
import { type EventTarget, eventTargetOf, eventTypeLabel } from '../event-types';

type EventLogEntry = NonNullable<ResultOf<typeof getEventLogsDocument>['eventLogs']['nodes']>[number];

export function EventLogsTable({ eventLogs }: { eventLogs: EventLogEntry[] }) {
  return (
    <Table>
      <TableCaption>Event logs</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Event</TableHead>
          <TableHead>Target</TableHead>
          <TableHead>By</TableHead>
          <TableHead>When</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {eventLogs.map((eventLog) => (
          <LinkedTableRow key={eventLog.id}>
            <TableCell>
              <div className="grid">
                <Link
                  to="/system/event-logs/$slug"
                  params={{ slug: eventLog.id }}
                  className="font-medium whitespace-nowrap hover:underline"
                  {...rowLinkProps}
                >
                  {eventTypeLabel(eventLog.eventType)}
                </Link>
                <span className="font-mono text-xs text-muted-foreground">{eventLog.eventType}</span>
              </div>
            </TableCell>
            <TableCell className="max-w-56 truncate">
              <TargetLink target={eventTargetOf(eventLog.eventType, eventLog.payload)} />
            </TableCell>
            <TableCell className="max-w-56 truncate text-muted-foreground">{eventLog.userEmail ?? 'System'}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <RelativeTime dateTime={eventLog.date} />
            </TableCell>
          </LinkedTableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const targetKinds = { team: 'Team', application: 'Application', person: 'Person' } as const;

/** The team, application or person the event was about, linked to its administration page. */
export function TargetLink({ target }: { target: EventTarget | null }) {
  if (!target) return <span className="text-muted-foreground">—</span>;
  const className = 'text-primary-text hover:underline';
  const kind = <span className="sr-only">{targetKinds[target.kind]}: </span>;
  switch (target.kind) {
    case 'team':
      return (
        <Link to="/system/teams/$slug" params={{ slug: target.slug }} className={className}>
          {kind}
          {target.label}
        </Link>
      );
    case 'application':
      return (
        <Link to="/system/apps/$id" params={{ id: target.id }} className={className}>
          {kind}
          {target.label}
        </Link>
      );
    case 'person':
      return (
        <Link to="/system/users/$id" params={{ id: target.id }} className={className}>
          {kind}
          {target.label}
        </Link>
      );
  }
}
