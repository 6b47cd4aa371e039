import { MailIcon } from 'lucide-react';
import { Callout } from '@/components/ui/callout';

/**
 * A calm note above every page until the person proves their address: the portal works, but team invites
 * and administrator rights given through ADMIN_EMAIL wait for it.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  return (
    <Callout color="info" icon={MailIcon} role="status" aria-labelledby="verify-email-title" className="mb-6">
      <p id="verify-email-title" className="font-medium">
        Verify your email address
      </p>
      <p className="text-muted-foreground">
        We sent a link to <span className="break-all text-foreground">{email}</span>. Until you open it, team invites
        for this address and administrator rights wait. No mail? Signing in again sends a new link.
      </p>
    </Callout>
  );
}
