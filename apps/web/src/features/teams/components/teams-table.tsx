import { Link } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RelativeTime } from '@/components/relative-time';
import type { getAllTeamsDocument } from '@/lib/api/get-all-teams';

type TeamListEntry = NonNullable<ResultOf<typeof getAllTeamsDocument>['allTeams']['nodes']>[number];

export function TeamsTable({ teams }: { teams: TeamListEntry[] }) {
  return (
    <Table>
      <TableCaption>Teams</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Friendly id</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {teams.map((team) => (
          <TableRow key={team.id}>
            <TableCell className="font-medium">
              <Link to="/system/teams/$slug/home" params={{ slug: team.friendlyId }} className="hover:underline">
                {team.name}
              </Link>
            </TableCell>
            <TableCell className="font-mono text-xs">{team.friendlyId}</TableCell>
            <TableCell>
              {team.enabled ? <Badge color="success">Enabled</Badge> : <Badge color="warning">Disabled</Badge>}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <RelativeTime dateTime={team.createdAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
