import { Link } from '@tanstack/react-router';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { AppRequestStatusBadge } from './status-badges';
import { formatDateTime } from '@/lib/format-date';
import type { AppRequestListEntry } from '../api/get-app-requests';

export function AppRequestsTable({ appRequests }: { appRequests: AppRequestListEntry[] }) {
  return (
    <Table>
      <TableCaption>Application requests</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Requested</TableHead>
          <TableHead>Application</TableHead>
          <TableHead>Team</TableHead>
          <TableHead>Requested by</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {appRequests.map((appRequest) => (
          <TableRow key={appRequest.id}>
            <TableCell className="whitespace-nowrap">
              <Link
                to="/system/app-requests/$id"
                params={{ id: appRequest.id }}
                className="font-medium hover:underline"
                aria-label={`${appRequest.applicationName} for ${appRequest.teamName}, requested ${formatDateTime(appRequest.createdAt)}`}
              >
                {formatDateTime(appRequest.createdAt)}
              </Link>
            </TableCell>
            <TableCell className="font-medium">{appRequest.applicationName}</TableCell>
            <TableCell>
              <div className="grid">
                <span className="whitespace-nowrap">{appRequest.teamName}</span>
                <span className="font-mono text-xs text-muted-foreground">
                  {appRequest.teamFriendlyId ?? 'deleted'}
                </span>
              </div>
            </TableCell>
            <TableCell className="max-w-56 truncate">{appRequest.requestedBy}</TableCell>
            <TableCell>
              <div className="grid justify-items-start gap-0.5">
                <AppRequestStatusBadge status={appRequest.status} />
                {appRequest.closedAt && (
                  <span className="text-xs whitespace-nowrap text-muted-foreground">
                    {formatDateTime(appRequest.closedAt)}
                  </span>
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
