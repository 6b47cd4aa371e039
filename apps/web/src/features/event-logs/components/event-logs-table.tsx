import { Link } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import type { getEventLogsDocument } from '../api/get-event-logs';

type EventLogEntry = NonNullable<ResultOf<typeof getEventLogsDocument>['eventLogs']['nodes']>[number];

export function EventLogsTable({ eventLogs }: { eventLogs: EventLogEntry[] }) {
  return (
    <Table>
      <TableCaption>Event logs</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Event type</TableHead>
          <TableHead>User</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {eventLogs.map((eventLog) => (
          <TableRow key={eventLog.id}>
            <TableCell className="whitespace-nowrap">
              <Link
                to="/system/event-logs/$slug"
                params={{ slug: eventLog.id }}
                className="font-medium hover:underline"
              >
                {formatDateTime(eventLog.date)}
              </Link>
            </TableCell>
            <TableCell className="font-mono text-xs">{eventLog.eventType}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">{eventLog.userEmail ?? 'System'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
