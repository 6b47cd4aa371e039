import { RelativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { describeClient } from '@dxp/contracts/describe-client';
import { parseError } from '@/lib/graphql-client';

export interface SessionSummary {
  userAgent?: string | null;
  clientAddress?: string | null;
  createdAt?: string;
  lastSeenAt: string;
  current?: boolean;
}

/**
 * One signed-in browser in a list of sessions (the person's own, or a person's as a system administrator sees
 * them): its client, address and times, and "Sign out" after a confirmation unless it is this browser.
 */
export function SessionRow({
  session,
  signOut,
  isSigningOut,
}: {
  session: SessionSummary;
  signOut: () => Promise<unknown>;
  isSigningOut: boolean;
}) {
  const client = describeClient(session.userAgent ?? null);

  async function confirmSignOut() {
    try {
      // Awaited rather than mutate callbacks: the row leaves the list once the sessions are reloaded.
      await signOut();
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
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate font-medium" title={session.userAgent ?? undefined}>
            {client}
          </span>
          {session.current && (
            <Badge color="success" size="sm">
              This browser
            </Badge>
          )}
        </div>
        <p className="text-xs text-muted-foreground">
          {session.clientAddress ?? 'Unknown address'}
          {session.createdAt && (
            <>
              {' · '}
              <RelativeTime dateTime={session.createdAt} prefix="signed in" />
            </>
          )}
          {' · '}
          <RelativeTime dateTime={session.lastSeenAt} prefix="last seen" />
        </p>
      </div>
      {!session.current && (
        <ConfirmDialog
          trigger={
            <Button color="error" variant="ghost" size="sm" aria-label={`Sign out ${client}`}>
              Sign out
            </Button>
          }
          title={`Sign out ${client}?`}
          description="That browser is signed out with its next request and has to sign in again."
          confirmLabel="Sign out"
          isPending={isSigningOut}
          onConfirm={() => void confirmSignOut()}
        />
      )}
    </li>
  );
}
