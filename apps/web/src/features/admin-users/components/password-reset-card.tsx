import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyableValue } from '@/components/ui/copyable-value';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useSendPasswordResetLink, type PasswordResetLink } from '../api/send-password-reset-link';

/** A system administrator sends a person of the built-in provider a link to set a new password. */
export function PasswordResetCard({ userId, email }: { userId: string; email: string }) {
  const sendPasswordResetLink = useSendPasswordResetLink();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [answer, setAnswer] = useState<PasswordResetLink | null>(null);

  async function send() {
    let result: PasswordResetLink;
    try {
      result = (await sendPasswordResetLink.mutateAsync(userId)).sendPasswordResetLink;
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
      return;
    }
    setIsConfirmOpen(false);
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
        {answer?.link && <ResetLink link={answer.link} email={answer.email} />}
        <div>
          <ConfirmDialog
            open={isConfirmOpen}
            onOpenChange={setIsConfirmOpen}
            trigger={
              <Button color="neutral" variant="outline" size="sm">
                Send password reset link
              </Button>
            }
            title="Send a password reset link?"
            description={`${email} gets a link to set a new password. Their current password keeps working until they do.`}
            confirmLabel="Send link"
            isPending={sendPasswordResetLink.isPending}
            onConfirm={() => void send()}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function ResetLink({ link, email }: { link: string; email: string }) {
  return (
    <Callout color="info">
      <div className="grid gap-2">
        <p className="font-medium">No mail is configured</p>
        <p>Hand this link to {email} yourself; it works for one hour, once.</p>
        <CopyableValue label="Password reset link" value={link} what="link" isLabelHidden />
      </div>
    </Callout>
  );
}
