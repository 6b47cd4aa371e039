import { Link } from '@tanstack/react-router';
import { RelativeTime } from '@/components/relative-time';
import type { ResultOf } from 'gql.tada';
import { ShieldCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { fullNameOf } from '@/lib/full-name';
import type { getAllUsersDocument } from '../api/get-all-users';

export type UserListEntry = NonNullable<ResultOf<typeof getAllUsersDocument>['allUsers']['nodes']>[number];

export function UsersTable({ users }: { users: UserListEntry[] }) {
  return (
    <Table>
      <TableCaption>Users</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Last sign-in</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="font-medium">
              <Link to="/system/users/$id" params={{ id: user.id }} className="hover:underline">
                {fullNameOf(user)}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <span className="inline-flex items-center gap-2">
                {user.email}
                {!user.isEmailVerified && (
                  <Badge color="warning" size="sm" title="The person has not yet opened the verification link">
                    Unverified
                  </Badge>
                )}
              </span>
            </TableCell>
            <TableCell>
              {user.suspendedAt ? (
                <Badge color="error" title={`Suspended ${formatDateTime(user.suspendedAt)}`}>
                  Suspended
                </Badge>
              ) : user.isSystemAdmin ? (
                <Badge color="info">
                  <ShieldCheckIcon aria-hidden />
                  Admin
                </Badge>
              ) : (
                <span className="text-muted-foreground">User</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {user.lastLogin ? <RelativeTime dateTime={user.lastLogin} /> : 'Never'}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <RelativeTime dateTime={user.createdAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
