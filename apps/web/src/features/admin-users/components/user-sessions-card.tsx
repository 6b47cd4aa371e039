import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { SessionRow } from '@/components/session-row';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
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
  return (
    <SessionRow
      session={session}
      signOut={() => revokeUserSession.mutateAsync(session.id)}
      isSigningOut={revokeUserSession.isPending}
    />
  );
}
