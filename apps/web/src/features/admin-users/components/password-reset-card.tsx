import { useState } from 'react';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { useSendPasswordResetLink, type PasswordResetLink } from '../api/send-password-reset-link';
import { HandOverLink } from './hand-over-link';

/** A system administrator sends a person of the built-in provider a link to set a new password. */
export function PasswordResetCard({ userId, email }: { userId: string; email: string }) {
  const sendPasswordResetLink = useSendPasswordResetLink();
  const [answer, setAnswer] = useState<PasswordResetLink | null>(null);

  async function send() {
    const result = (await sendPasswordResetLink.mutateAsync(userId)).sendPasswordResetLink;
    setAnswer(result);
    if (result.mailed) toast({ title: `Reset link sent to ${result.email}`, color: 'success' });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          A link to set a new password, valid for one hour and once. Earlier links stop working.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {answer?.link && (
          <HandOverLink label="Password reset link" link={answer.link} email={answer.email} validity="one hour" />
        )}
        <div>
          <ConfirmActionDialog
            trigger={
              <Button color="neutral" variant="outline" size="sm">
                Send password reset link
              </Button>
            }
            title="Send a password reset link?"
            description={`${email} gets a link to set a new password. Their current password keeps working until they do.`}
            confirmLabel="Send link"
            action={send}
          />
        </div>
      </CardContent>
    </Card>
  );
}
