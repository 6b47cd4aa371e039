import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import {
  getUserSecondFactorsQueryOptions,
  type UserSecondFactors,
  useResetSecondFactors,
} from '../api/user-second-factors';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the person has, in words: "Authenticator app (7 recovery codes left), 2 passkeys". */
function factorsText(factors: UserSecondFactors): string {
  const parts: string[] = [];
  if (factors.totpEnabled) {
    parts.push(`Authenticator app (${plural(factors.recoveryCodesLeft, 'recovery code', 'recovery codes')} left)`);
  }
  if (factors.passkeyCount > 0) parts.push(plural(factors.passkeyCount, 'passkey', 'passkeys'));
  return parts.length > 0 ? parts.join(', ') : 'None set up: they sign in with their password alone.';
}

/**
 * Whether a person of the built-in provider has second factors, and, for one who lost them, a reset (after a
 * confirmation) that removes their authenticator app, recovery codes and passkeys and signs them out everywhere.
 */
export function SecondFactorsCard({ userId, email, isSelf }: { userId: string; email: string; isSelf: boolean }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const factors = useQuery(getUserSecondFactorsQueryOptions(graphqlClient, userId));
  const resetSecondFactors = useResetSecondFactors(userId);
  const [isConfirming, setIsConfirming] = useState(false);
  const status = factors.data?.userSecondFactors;
  const hasFactors = status !== undefined && (status.totpEnabled || status.passkeyCount > 0);

  async function reset() {
    try {
      await resetSecondFactors.mutateAsync();
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
      return;
    }
    setIsConfirming(false);
    toast({ title: `Two-factor authentication of ${email} was reset`, color: 'success' });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          For a person who lost their phone or passkeys: a reset removes them, so they sign in with their password and
          set up a second factor again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {factors.isPending ? (
          <div aria-busy>
            <Skeleton className="h-5 w-48" />
          </div>
        ) : factors.isError ? (
          <p className="text-sm text-muted-foreground">{parseError(factors.error).message}</p>
        ) : (
          <p className="text-sm">{factorsText(status!)}</p>
        )}
        <div>
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setIsConfirming}
            trigger={
              <Button
                color="error"
                variant="outline"
                size="sm"
                disabled={isSelf || !hasFactors}
                title={isSelf ? 'Change your own second factors on your profile page.' : undefined}
              >
                Reset two-factor authentication
              </Button>
            }
            title="Reset two-factor authentication?"
            description={`The authenticator app, recovery codes and passkeys of ${email} are removed, and they are signed out everywhere. They are notified, and sign in with their password alone until they set up a second factor again. Do this only once you are sure the request comes from them.`}
            confirmLabel="Reset"
            isPending={resetSecondFactors.isPending}
            onConfirm={reset}
          />
        </div>
      </CardContent>
    </Card>
  );
}
