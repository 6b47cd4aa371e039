import { Link } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { LinkedTableRow, rowLinkProps } from '@/components/linked-table-row';
import { RelativeTime } from '@/components/relative-time';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { getWebhookLogsDocument } from '../api/get-webhook-logs';
import { WebhookLogStateBadge } from './webhook-log-state-badge';

type WebhookLogEntry = NonNullable<ResultOf<typeof getWebhookLogsDocument>['webhookLogs']['nodes']>[number];

export function WebhookLogsTable({ webhookLogs }: { webhookLogs: WebhookLogEntry[] }) {
  return (
    <Table>
      <TableCaption>Webhook logs</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Received</TableHead>
          <TableHead>Event type</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Webhook id</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {webhookLogs.map((webhookLog) => (
          <LinkedTableRow key={webhookLog.id}>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <RelativeTime dateTime={webhookLog.createdAt} />
            </TableCell>
            <TableCell className="font-mono text-xs">
              <Link
                to="/system/webhook-logs/$slug"
                params={{ slug: webhookLog.id }}
                className="font-medium text-foreground hover:underline"
                {...rowLinkProps}
              >
                {webhookLog.eventType}
              </Link>
            </TableCell>
            <TableCell>
              <WebhookLogStateBadge state={webhookLog.state} />
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap text-muted-foreground">
              {webhookLog.externalId}
            </TableCell>
          </LinkedTableRow>
        ))}
      </TableBody>
    </Table>
  );
}
