import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyableValue } from '@/components/ui/copyable-value';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format-date';
import { parseError } from '@/lib/graphql-client';
import {
  useReactivateUser,
  useResendVerificationMail,
  useSuspendUser,
  type VerificationLink,
} from '../api/account-actions';

interface AccountStatusUser {
  id: string;
  email: string;
  isEmailVerified: boolean;
  suspendedAt: string | null;
}

const showFailure = (error: unknown) => {
  const { title, message } = parseError(error);
  toast({ title, description: message, color: 'error' });
};

/**
 * Suspend or reactivate an account (after a confirmation), and, for an address of the built-in provider not yet
 * confirmed, send a new verification mail.
 */
export function AccountStatusCard({
  user,
  isSelf,
  isBuiltIn,
}: {
  user: AccountStatusUser;
  isSelf: boolean;
  isBuiltIn: boolean;
}) {
  const suspendUser = useSuspendUser();
  const reactivateUser = useReactivateUser();
  const resendVerificationMail = useResendVerificationMail();
  const [openDialog, setOpenDialog] = useState<'suspend' | 'reactivate' | null>(null);
  const [verificationLink, setVerificationLink] = useState<VerificationLink | null>(null);
  const isSuspended = user.suspendedAt !== null;

  async function changeStatus(action: 'suspend' | 'reactivate') {
    try {
      if (action === 'suspend') await suspendUser.mutateAsync(user.id);
      else await reactivateUser.mutateAsync(user.id);
    } catch (error) {
      showFailure(error);
      return;
    }
    setOpenDialog(null);
    toast({
      title: action === 'suspend' ? `${user.email} is suspended` : `${user.email} can sign in again`,
      color: 'success',
    });
  }

  async function resend() {
    try {
      const answer = (await resendVerificationMail.mutateAsync(user.id)).resendVerificationMail;
      setVerificationLink(answer);
      if (answer.mailed) toast({ title: `Verification mail sent to ${answer.email}`, color: 'success' });
    } catch (error) {
      showFailure(error);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>
          {isSuspended
            ? `Suspended ${formatDateTime(user.suspendedAt!)}: they cannot sign in, and their service keys are refused.`
            : 'Active. Suspending ends their sessions at once and refuses their service keys until reactivated.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {verificationLink?.link && (
          <Callout color="info">
            <div className="grid gap-2">
              <p className="font-medium">No mail is configured</p>
              <p>Hand this link to {verificationLink.email} yourself; it works for 24 hours, once.</p>
              <CopyableValue label="Verification link" value={verificationLink.link} what="link" isLabelHidden />
            </div>
          </Callout>
        )}
        <div className="flex flex-wrap gap-2">
          {isSuspended ? (
            <ConfirmDialog
              open={openDialog === 'reactivate'}
              onOpenChange={(open) => setOpenDialog(open ? 'reactivate' : null)}
              trigger={
                <Button color="neutral" variant="outline" size="sm">
                  Reactivate
                </Button>
              }
              title="Reactivate this account?"
              description={`${user.email} can sign in again, and their service keys work again.`}
              confirmLabel="Reactivate"
              isPending={reactivateUser.isPending}
              onConfirm={() => changeStatus('reactivate')}
            />
          ) : (
            <ConfirmDialog
              open={openDialog === 'suspend'}
              onOpenChange={(open) => setOpenDialog(open ? 'suspend' : null)}
              trigger={
                <Button
                  color="error"
                  variant="outline"
                  size="sm"
                  disabled={isSelf}
                  title={isSelf ? 'You cannot suspend your own account.' : undefined}
                >
                  Suspend
                </Button>
              }
              title="Suspend this account?"
              description={`${user.email} is signed out everywhere at once and cannot sign in; their service keys stop working. You can reactivate the account later.`}
              confirmLabel="Suspend"
              isPending={suspendUser.isPending}
              onConfirm={() => changeStatus('suspend')}
            />
          )}
          {isBuiltIn && !user.isEmailVerified && (
            <Button
              color="neutral"
              variant="outline"
              size="sm"
              loading={resendVerificationMail.isPending}
              onClick={() => void resend()}
            >
              Resend verification
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
