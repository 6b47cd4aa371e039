import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { QueryContent } from '@/components/query-content';
import { SectionCard } from '@/components/section-card';
import { SessionRow } from '@/components/session-row';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { getMySessionsQueryOptions, type MySession } from '../api/get-my-sessions';
import { useRevokeOtherSessions, useRevokeSession } from '../api/revoke-sessions';

/** The person's sign-ins: this browser and the others, each revocable, and "sign out everywhere else". */
export function SessionsSection() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const sessions = useQuery(getMySessionsQueryOptions(graphqlClient));
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.mySessions.filter((session) => !session.current) ?? [];

  async function signOutEverywhereElse() {
    const { revokeOtherSessions } = await revokeOthers.mutateAsync();
    toast({
      title:
        revokeOtherSessions === 1
          ? 'Signed out of 1 other session'
          : `Signed out of ${revokeOtherSessions} other sessions`,
      color: 'success',
    });
  }

  return (
    <SectionCard
      title="Sessions"
      description="Where you are signed in. Sign out a browser you do not recognise or no longer use."
      action={
        others.length > 0 && (
          <ConfirmActionDialog
            trigger={
              <Button color="error" variant="outline" size="sm">
                Sign out everywhere else
              </Button>
            }
            title="Sign out everywhere else?"
            description="Every other browser and device signed in as you is signed out with its next request. This browser stays signed in."
            confirmLabel="Sign out everywhere else"
            action={signOutEverywhereElse}
          />
        )
      }
    >
      <QueryContent
        query={sessions}
        placeholderRows={2}
        icon={MonitorSmartphoneIcon}
        failedTitle="Your sessions could not be loaded"
      >
        {({ mySessions }) => (
          <ul aria-label="Sessions" className="divide-y rounded-lg border">
            {mySessions.map((session) => (
              <MySessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </QueryContent>
    </SectionCard>
  );
}

function MySessionRow({ session }: { session: MySession }) {
  const revokeSession = useRevokeSession();
  return (
    <SessionRow
      session={session}
      signOut={() => revokeSession.mutateAsync(session.id)}
      isSigningOut={revokeSession.isPending}
    />
  );
}
