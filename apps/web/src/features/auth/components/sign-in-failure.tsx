import { Button } from '@/components/ui/button';
import { AppLink } from '@/components/ui/app-link';
import { SignInError, SessionError } from '@/lib/session';

/** What went wrong on the way back from the identity provider, with a way to start again. */
export function SignInFailure({ error }: { error: unknown }) {
  const isKnown = error instanceof SignInError || error instanceof SessionError;
  return (
    <div
      role="alert"
      className="grid w-full max-w-md gap-6 rounded-2xl border bg-surface p-6 text-center shadow-sm sm:p-8"
    >
      <div className="grid gap-2">
        <h1 className="text-xl font-semibold tracking-tight">Sign-in failed</h1>
        <p className="text-sm text-pretty text-muted-foreground">
          {isKnown ? error.message : 'Something went wrong while signing you in.'}
        </p>
        {error instanceof SignInError && <p className="font-mono text-xs text-muted-foreground">{error.code}</p>}
      </div>
      <Button asChild size="lg">
        <AppLink href="/">Back to sign-in</AppLink>
      </Button>
    </div>
  );
}
