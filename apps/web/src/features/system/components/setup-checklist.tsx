import { CheckCircle2Icon, CircleIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/use-session';
import { type SetupChecklist as SetupChecklistData, useSetupChecklist } from '../api/get-setup-checklist';

type StepKey = SetupChecklistData['items'][number]['key'];

// What each step asks and where it is done; a step the API adds later shows under its key until it has words here.
const steps: Record<StepKey, { title: string; text: string; link?: { href: string; label: string } }> = {
  ADD_APPLICATION: {
    title: 'Add an application',
    text: 'The catalogue is what teams request and launch.',
    link: { href: '/system/apps/add', label: 'Add an application' },
  },
  INVITE_PEOPLE: {
    title: 'Invite people',
    text: 'Create a team and invite the people you work with.',
    link: { href: '/teams', label: 'Go to teams' },
  },
  CONFIGURE_MAIL: {
    title: 'Configure mail',
    text: 'Set SMTP_URL so invites and notifications also arrive by email.',
    link: { href: '/system/services', label: 'See the installation' },
  },
  CONNECT_IDENTITY_PROVIDER: {
    title: 'Connect your identity provider',
    text: "Set OIDC_ISSUER to sign people in with your organisation's accounts; until then the portal's own accounts are used.",
  },
  RECEIVE_BILLING_WEBHOOK: {
    title: 'Connect the billing webhook',
    text: 'Set BILLING_WEBHOOK_SECRET and send billing events to /api/webhooks/billing; this ticks off with the first delivery.',
    link: { href: '/system/webhook-logs', label: 'Open webhook logs' },
  },
};

const dismissedKey = 'dxp.setup-checklist.dismissed';

/** Whether this browser's administrator hid the checklist. */
export function isSetupChecklistDismissed(): boolean {
  try {
    return localStorage.getItem(dismissedKey) === 'true';
  } catch {
    return false;
  }
}

/** Whether this administrator hid the checklist in this browser, and a way to hide it. */
export function useSetupChecklistDismissal() {
  const [isDismissed, setDismissed] = useState(isSetupChecklistDismissed);
  return {
    isDismissed,
    dismiss: () => {
      try {
        localStorage.setItem(dismissedKey, 'true');
      } catch {
        // Private windows may refuse storage; the card still hides for this visit.
      }
      setDismissed(true);
    },
  };
}

export interface SetupChecklistProps {
  checklist: SetupChecklistData;
  /** Shown as a "Hide" button when given. */
  onDismiss?: () => void;
}

/** A new installation's setup steps, each ticked from the installation's own state (decision 0131). */
export function SetupChecklist({ checklist, onDismiss }: SetupChecklistProps) {
  const doneCount = checklist.items.filter((item) => item.isDone).length;
  return (
    <section aria-labelledby="setup-checklist-heading" className="grid gap-4 rounded-xl border bg-surface p-4 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="setup-checklist-heading" className="text-lg font-semibold">
            Set up your portal
          </h2>
          <p className="text-sm text-muted-foreground">
            {doneCount} of {checklist.items.length} done. Each step ticks itself off once the portal sees it done.
          </p>
        </div>
        {onDismiss && (
          <Button color="neutral" variant="ghost" size="sm" onClick={onDismiss}>
            <XIcon aria-hidden />
            Hide
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={checklist.items.length}
        aria-valuenow={doneCount}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary" style={{ width: `${(doneCount / checklist.items.length) * 100}%` }} />
      </div>
      <ul aria-label="Setup steps" className="grid gap-3">
        {checklist.items.map(({ key, isDone }) => {
          const step = steps[key] ?? { title: key, text: '' };
          return (
            <li key={key} className="flex items-start gap-3">
              {isDone ? (
                <CheckCircle2Icon aria-hidden className="mt-0.5 size-5 shrink-0 tone-success text-tone-text" />
              ) : (
                <CircleIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              )}
              <div className="grid min-w-0 gap-0.5">
                <p className={isDone ? 'font-medium text-muted-foreground line-through' : 'font-medium'}>
                  {step.title}
                  <span className="sr-only">{isDone ? ' (done)' : ' (to do)'}</span>
                </p>
                {!isDone && (
                  <>
                    <p className="text-sm text-muted-foreground">{step.text}</p>
                    {step.link && (
                      <AppLink href={step.link.href} className="text-sm font-medium text-primary-text hover:underline">
                        {step.link.label}
                      </AppLink>
                    )}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The checklist on a system administrator's dashboard until every step is done or they hide it. */
export function DashboardSetupChecklist() {
  const { user } = useSession();
  const isSystemAdmin = user?.isSystemAdmin === true;
  const { data } = useSetupChecklist(isSystemAdmin);
  const { isDismissed, dismiss } = useSetupChecklistDismissal();
  if (!isSystemAdmin || !data || data.setupChecklist.isComplete || isDismissed) return null;
  return <SetupChecklist checklist={data.setupChecklist} onDismiss={dismiss} />;
}
