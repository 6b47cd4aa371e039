import { useState } from 'react';
import { ActionButton } from '@/components/action-button';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format-date';
import {
  useReactivateUser,
  useResendVerificationMail,
  useSuspendUser,
  type VerificationLink,
} from '../api/account-actions';
import { HandOverLink } from './hand-over-link';

interface AccountStatusUser {
  id: string;
  email: string;
  isEmailVerified: boolean;
  suspendedAt: string | null;
}

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
  const [verificationLink, setVerificationLink] = useState<VerificationLink | null>(null);
  const isSuspended = user.suspendedAt !== null;

  async function changeStatus(action: 'suspend' | 'reactivate') {
    if (action === 'suspend') await suspendUser.mutateAsync(user.id);
    else await reactivateUser.mutateAsync(user.id);
    toast({
      title: action === 'suspend' ? `${user.email} is suspended` : `${user.email} can sign in again`,
      color: 'success',
    });
  }

  async function resend() {
    const answer = (await resendVerificationMail.mutateAsync(user.id)).resendVerificationMail;
    setVerificationLink(answer);
    if (answer.mailed) toast({ title: `Verification mail sent to ${answer.email}`, color: 'success' });
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
          <HandOverLink
            label="Verification link"
            link={verificationLink.link}
            email={verificationLink.email}
            validity="24 hours"
          />
        )}
        <div className="flex flex-wrap gap-2">
          {isSuspended ? (
            <ConfirmActionDialog
              trigger={
                <Button color="neutral" variant="outline" size="sm">
                  Reactivate
                </Button>
              }
              title="Reactivate this account?"
              description={`${user.email} can sign in again, and their service keys work again.`}
              confirmLabel="Reactivate"
              action={() => changeStatus('reactivate')}
            />
          ) : (
            <ConfirmActionDialog
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
              action={() => changeStatus('suspend')}
            />
          )}
          {isBuiltIn && !user.isEmailVerified && (
            <ActionButton color="neutral" variant="outline" size="sm" action={resend}>
              Resend verification
            </ActionButton>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
