import { CircleCheckIcon, ScrollTextIcon } from 'lucide-react';
import { BackToPortalLink } from '@/components/back-to-portal-link';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/use-session';
import { formatCalendarDate } from '@/lib/format-date';
import { parseError } from '@/lib/graphql-client';
import { useAcceptTerms } from '../api/accept-terms';
import { TermsText } from './terms-text';

export interface TermsOfServicePageProps {
  terms: { version: string; markdown: string };
  /** After accepting, the user goes on here (a path checked by features/auth/post-login-target). */
  onAccepted: () => void;
}

/** The current terms for anyone; a signed-in user who has not accepted them yet gets the button to do so. */
export function TermsOfServicePage({ terms, onAccepted }: TermsOfServicePageProps) {
  const { user } = useSession();
  const acceptTerms = useAcceptTerms();
  const effectiveDate = formatCalendarDate(terms.version);

  function accept() {
    acceptTerms.mutate(terms.version, {
      onSuccess: onAccepted,
      onError: (error) => {
        const { title, message } = parseError(error);
        toast({ title, description: message, color: 'error' });
      },
    });
  }

  return (
    <article className="mx-auto grid w-full max-w-3xl gap-6">
      {user && !user.hasAcceptedCurrentTerms && (
        <Callout color="info" icon={ScrollTextIcon}>
          <p>Please read the terms of service and accept them at the end of the page to continue.</p>
        </Callout>
      )}
      <TermsText markdown={terms.markdown} />
      <p className="text-sm text-muted-foreground">In effect since {effectiveDate}.</p>
      {user && !user.hasAcceptedCurrentTerms && (
        <Callout color="primary" icon={ScrollTextIcon}>
          <p className="font-medium">Please accept the terms to continue</p>
          <p className="text-muted-foreground">
            The terms of service in effect since {effectiveDate} apply to your use of the portal.
          </p>
          <div className="mt-2">
            <Button loading={acceptTerms.isPending} onClick={accept}>
              I accept
            </Button>
          </div>
        </Callout>
      )}
      {user?.hasAcceptedCurrentTerms && (
        <Callout color="success" icon={CircleCheckIcon}>
          <p>You have accepted these terms.</p>
        </Callout>
      )}
      {!user && <BackToPortalLink />}
    </article>
  );
}
