import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useSession } from '@/lib/use-session';

type PendingAction = 'sign-in' | 'sign-up' | null;

/** The public front door: sign in or create an account with the identity provider. */
export function Landing({ returnTo }: { returnTo?: string }) {
  const { signIn, signUp } = useSession();
  const [pendingAction, setPendingAction] = useState<PendingAction>(null);

  async function start(action: Exclude<PendingAction, null>) {
    setPendingAction(action);
    try {
      await (action === 'sign-in' ? signIn(returnTo) : signUp(returnTo));
    } catch (error) {
      setPendingAction(null);
      const { message } = parseError(error);
      toast({ title: 'Sign-in is unavailable', description: message, color: 'error' });
    }
  }

  return (
    <div className="grid gap-8 text-center">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-balance">Welcome to DXP Portal</h1>
        <p className="text-sm text-pretty text-muted-foreground">
          Your teams, applications and bookmarks in one place.
        </p>
      </div>
      <div className="grid gap-3">
        <Button
          size="lg"
          loading={pendingAction === 'sign-in'}
          disabled={pendingAction !== null}
          onClick={() => void start('sign-in')}
        >
          Sign in
        </Button>
        <Button
          size="lg"
          color="neutral"
          variant="outline"
          loading={pendingAction === 'sign-up'}
          disabled={pendingAction !== null}
          onClick={() => void start('sign-up')}
        >
          Create account
        </Button>
      </div>
    </div>
  );
}
