import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { QueryContent } from '@/components/query-content';
import { SectionCard } from '@/components/section-card';
import { SessionRow } from '@/components/session-row';
import { getUserSessionsQueryOptions, type UserSession } from '../api/get-user-sessions';
import { useRevokeUserSession } from '../api/revoke-user-session';

/** A person's sessions as a system administrator sees them, each of which can be ended. */
export function UserSessionsCard({ userId }: { userId: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const sessions = useQuery(getUserSessionsQueryOptions(graphqlClient, userId));

  return (
    <SectionCard title="Sessions" description="Where this person is signed in, most recently used first.">
      <QueryContent query={sessions} icon={MonitorSmartphoneIcon} failedTitle="The sessions could not be loaded">
        {({ userSessions }) =>
          userSessions.length === 0 ? (
            <p className="text-sm text-muted-foreground">Not signed in anywhere.</p>
          ) : (
            <ul aria-label="Sessions" className="divide-y rounded-lg border">
              {userSessions.map((session) => (
                <UserSessionRow key={session.id} session={session} />
              ))}
            </ul>
          )
        }
      </QueryContent>
    </SectionCard>
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
