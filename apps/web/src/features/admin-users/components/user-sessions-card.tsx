import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { describeClient } from '@/lib/describe-client';
import { formatDateTime } from '@/lib/format-date';
import { parseError } from '@/lib/graphql-client';
import { getUserSessionsQueryOptions, type UserSession } from '../api/get-user-sessions';
import { useRevokeUserSession } from '../api/revoke-user-session';

/** A person's sessions as a system administrator sees them, each of which can be ended. */
export function UserSessionsCard({ userId }: { userId: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const sessions = useQuery(getUserSessionsQueryOptions(graphqlClient, userId));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Where this person is signed in, most recently used first.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div aria-busy className="grid gap-3">
            <Skeleton className="h-14" />
          </div>
        ) : sessions.isError ? (
          <EmptyState
            icon={MonitorSmartphoneIcon}
            title="The sessions could not be loaded"
            text={parseError(sessions.error).message}
            action={
              <Button color="neutral" variant="outline" size="sm" onClick={() => void sessions.refetch()}>
                Try again
              </Button>
            }
          />
        ) : sessions.data.userSessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not signed in anywhere.</p>
        ) : (
          <ul aria-label="Sessions" className="divide-y rounded-lg border">
            {sessions.data.userSessions.map((session) => (
              <UserSessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UserSessionRow({ session }: { session: UserSession }) {
  const revokeUserSession = useRevokeUserSession();
  const client = describeClient(session.userAgent);

  async function revoke() {
    try {
      // Awaited rather than mutate callbacks: the row leaves the list once the sessions are reloaded.
      await revokeUserSession.mutateAsync(session.id);
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
      return;
    }
    toast({ title: `${client} signed out`, color: 'success' });
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" aria-label={client}>
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="truncate font-medium" title={session.userAgent ?? undefined}>
          {client}
        </span>
        <p className="text-xs text-muted-foreground">
          {session.clientAddress ?? 'Unknown address'} · last seen {formatDateTime(session.lastSeenAt)}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button color="error" variant="ghost" size="sm" aria-label={`Sign out ${client}`}>
            Sign out
          </Button>
        }
        title={`Sign out ${client}?`}
        description="That browser is signed out with its next request and has to sign in again."
        confirmLabel="Sign out"
        isPending={revokeUserSession.isPending}
        onConfirm={() => void revoke()}
      />
    </li>
  );
}
