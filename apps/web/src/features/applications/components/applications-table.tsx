import { Link } from '@tanstack/react-router';
import { BadgeCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApplicationLogo } from './application-logo';
import { RelativeTime } from '@/components/relative-time';
import type { CatalogueApplication } from '../api/get-all-applications';

export function ApplicationsTable({ applications }: { applications: CatalogueApplication[] }) {
  return (
    <Table>
      <TableCaption>Applications</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Application</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead className="text-right">Teams</TableHead>
          <TableHead>Updated</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {applications.map((application) => (
          <TableRow key={application.id}>
            <TableCell>
              <div className="flex min-w-56 items-center gap-3">
                <ApplicationLogo application={application} size="lg" />
                <div className="grid min-w-0 gap-0.5">
                  <Link
                    to="/system/apps/$id"
                    params={{ id: application.id }}
                    className="font-medium break-words hover:underline"
                  >
                    {application.name}
                  </Link>
                  {application.description && (
                    <span className="line-clamp-1 max-w-md text-xs text-muted-foreground">
                      {application.description}
                    </span>
                  )}
                </div>
              </div>
            </TableCell>
            <TableCell>
              {application.isDxp ? (
                <Badge color="info">
                  <BadgeCheckIcon aria-hidden />
                  DXP
                </Badge>
              ) : (
                <span className="whitespace-nowrap text-muted-foreground">Third party</span>
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums">{application.teams.length}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <RelativeTime dateTime={application.updatedAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
