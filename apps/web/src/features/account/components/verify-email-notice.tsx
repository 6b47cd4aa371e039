import { useQuery } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { Callout } from '@/components/ui/callout';
import { runtimeConfigQueryOptions } from '@/lib/runtime-config-query';

/**
 * A calm note above every page until the person proves their address: the portal works, but team invites
 * and administrator rights given through ADMIN_EMAIL wait for it.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  // Only the built-in provider mails a link (again at each sign-in); an external one confirms addresses itself.
  const isExternalProvider = useQuery(runtimeConfigQueryOptions).data?.oidc.kind === 'external';
  return (
    <Callout color="info" icon={MailIcon} role="status" aria-labelledby="verify-email-title" className="mb-6">
      <p id="verify-email-title" className="font-medium">
        Verify your email address
      </p>
      {isExternalProvider ? (
        <p className="text-muted-foreground">
          Your sign-in provider has not confirmed <span className="break-all text-foreground">{email}</span>. Until it
          does, team invites for this address and administrator rights wait. Confirm the address there, then sign in
          again.
        </p>
      ) : (
        <p className="text-muted-foreground">
          We sent a link to <span className="break-all text-foreground">{email}</span>. Until you open it, team invites
          for this address and administrator rights wait. No mail? Signing in again sends a new link.
        </p>
      )}
    </Callout>
  );
}
