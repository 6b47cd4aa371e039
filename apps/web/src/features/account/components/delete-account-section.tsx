import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { TriangleAlertIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { checkDeleteAccountQueryOptions, type DeleteAccountBlocker } from '../api/check-delete-account';
import { useDeleteAccount } from '../api/delete-account';

/** The danger zone: checks first whether teams depend on the user, then asks for the email typed out. */
export function DeleteAccountSection({ email }: { email: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const router = useRouter();
  const deleteAccount = useDeleteAccount();
  const [isChecking, setIsChecking] = useState(false);
  const [blockers, setBlockers] = useState<DeleteAccountBlocker[]>([]);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);

  async function startDeletion() {
    setIsChecking(true);
    try {
      const { checkDeleteAccount } = await queryClient.fetchQuery(checkDeleteAccountQueryOptions(graphqlClient));
      setBlockers(checkDeleteAccount.errors);
      setIsConfirmOpen(checkDeleteAccount.success);
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
    } finally {
      setIsChecking(false);
    }
  }

  async function confirmDeletion() {
    try {
      // Awaited rather than mutate callbacks: the page unmounts as the session ends.
      await deleteAccount.mutateAsync();
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
      return;
    }
    setIsConfirmOpen(false);
    await router.navigate({ to: '/' });
    toast({ title: 'Your account has been deleted', color: 'success' });
  }

  return (
    <Card className="border-error/40">
      <CardHeader>
        <CardTitle id="delete-account-title">Delete account</CardTitle>
        <CardDescription>
          Removes your profile, bookmarks, service keys, notifications and team memberships. Teams where you are the
          only member are deleted with it. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {blockers.length > 0 && (
          <Callout color="warning" icon={TriangleAlertIcon} role="alert">
            <p className="font-medium">
              {blockers.some((blocker) => !blocker.teamFriendlyId)
                ? 'Your account cannot be deleted yet'
                : blockers.length === 1
                  ? 'A team still needs you as its owner'
                  : 'Some teams still need you as their owner'}
            </p>
            {blockers.some((blocker) => blocker.teamFriendlyId) && (
              <p className="text-muted-foreground">Make another member the owner of each team below, then try again.</p>
            )}
            <ul className="mt-1 grid gap-1">
              {blockers.map((blocker) =>
                blocker.teamFriendlyId ? (
                  <li key={blocker.teamFriendlyId} className="flex items-center gap-2">
                    <UsersIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                    <AppLink
                      href={`/teams/${encodeURIComponent(blocker.teamFriendlyId)}/members`}
                      className="font-medium text-primary-text underline underline-offset-4"
                    >
                      Transfer ownership of {blocker.teamName}
                    </AppLink>
                  </li>
                ) : (
                  // The last system administrator: no team to link to, the server's sentence says what to do.
                  <li key={blocker.code}>{blocker.message}</li>
                ),
              )}
            </ul>
          </Callout>
        )}
        <div>
          <Button color="error" variant="outline" loading={isChecking} onClick={() => void startDeletion()}>
            Delete account…
          </Button>
        </div>
        <ConfirmDialog
          open={isConfirmOpen}
          onOpenChange={setIsConfirmOpen}
          title="Delete your account?"
          description="Your personal data is removed and you are signed out. You can create a new account later, but nothing of this one comes back."
          confirmLabel="Delete account"
          confirmationText={email}
          isPending={deleteAccount.isPending}
          onConfirm={() => void confirmDeletion()}
        />
      </CardContent>
    </Card>
  );
}
