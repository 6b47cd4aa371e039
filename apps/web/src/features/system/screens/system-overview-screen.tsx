import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { AlertTriangleIcon, CheckCircle2Icon, InboxIcon, MailIcon, UsersIcon, UsersRoundIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { RelativeTime } from '@/components/relative-time';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getSystemOverviewQueryOptions, type SystemOverviewData } from '../api/get-system-overview';
import { SetupChecklist, useSetupChecklistDismissal } from '../components/setup-checklist';

const pageDescription = 'The installation at a glance: who is here, what waits for you, and what failed.';

/** `/system`: counts that lead to their lists, the setup checklist until it is done, and recent failures. */
export function SystemOverviewScreen() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useSuspenseQuery(getSystemOverviewQueryOptions(graphqlClient));
  const { systemOverview: overview, setupChecklist } = data;
  const { isDismissed, dismiss } = useSetupChecklistDismissal();

  return (
    <>
      <PageHeader title="Overview" description={pageDescription} />
      <div className="grid gap-8">
        {!setupChecklist.isComplete && !isDismissed && (
          <SetupChecklist checklist={setupChecklist} onDismiss={dismiss} />
        )}
        <ul aria-label="Counts" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <CountTile icon={UsersIcon} label="People" count={overview.peopleCount} to="/system/users" />
          <CountTile icon={UsersRoundIcon} label="Teams" count={overview.teamCount} to="/system/teams" />
          <CountTile
            icon={InboxIcon}
            label="Pending requests"
            count={overview.pendingRequestCount}
            to="/system/app-requests"
            isAttention={overview.pendingRequestCount > 0}
          />
        </ul>
        <section aria-labelledby="failures-heading" className="grid gap-3">
          <h2 id="failures-heading" className="text-lg font-semibold">
            Recent failures
          </h2>
          <FailureList overview={overview} />
        </section>
      </div>
    </>
  );
}

function CountTile({
  icon: Icon,
  label,
  count,
  to,
  isAttention = false,
}: {
  icon: LucideIcon;
  label: string;
  count: number;
  to: '/system/users' | '/system/teams' | '/system/app-requests';
  isAttention?: boolean;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-4 rounded-xl border bg-surface p-4 shadow-xs transition-colors hover:border-primary/50 hover:bg-muted"
      >
        <span
          className={
            isAttention
              ? 'flex size-10 items-center justify-center rounded-full tone-warning bg-tone/15 text-tone-text'
              : 'flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground'
          }
        >
          <Icon aria-hidden className="size-5" />
        </span>
        <span className="grid">
          <span className="text-2xl font-semibold tabular-nums">{count}</span>
          <span className="text-sm text-muted-foreground">{label}</span>
        </span>
      </Link>
    </li>
  );
}

function FailureList({ overview }: { overview: SystemOverviewData['systemOverview'] }) {
  const items: ReactNode[] = [];
  if (!overview.isMailConfigured) {
    items.push(
      <FailureItem key="mail-off" icon={MailIcon} title="Mail is not configured">
        Invites and notifications reach people in the portal only. Set SMTP_URL to send them by email too.
      </FailureItem>,
    );
  }
  if (overview.overdueMailCount > 0) {
    items.push(
      <FailureItem
        key="mail-overdue"
        icon={MailIcon}
        title={
          overview.overdueMailCount === 1
            ? '1 notification mail not sent'
            : `${overview.overdueMailCount} notification mails not sent`
        }
      >
        They have waited over an hour to go out: the mail job is not getting through them. The server log has the
        reason.
      </FailureItem>,
    );
  }
  for (const failure of overview.recentWebhookFailures) {
    items.push(
      <FailureItem
        key={failure.id}
        icon={AlertTriangleIcon}
        title={
          <Link
            to="/system/webhook-logs/$slug"
            params={{ slug: failure.id }}
            className="font-medium text-primary-text hover:underline"
          >
            Webhook {failure.eventType} failed
          </Link>
        }
        time={failure.createdAt}
      >
        {failure.error}
      </FailureItem>,
    );
  }
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl border bg-surface p-4 text-sm text-muted-foreground">
        <CheckCircle2Icon aria-hidden className="size-5 tone-success text-tone-text" />
        Nothing failed recently: webhooks were processed and mail is going out.
      </p>
    );
  }
  return <ul className="grid divide-y rounded-xl border bg-surface">{items}</ul>;
}

function FailureItem({
  icon: Icon,
  title,
  time,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  time?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-3 p-4">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-error-text" />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">{title}</p>
        <p className="text-sm break-words text-muted-foreground">{children}</p>
        {time && <RelativeTime dateTime={time} className="text-xs text-muted-foreground" />}
      </div>
    </li>
  );
}

export function SystemOverviewScreenSkeleton() {
  return (
    <>
      <PageHeader title="Overview" description={pageDescription} />
      <div className="grid gap-8">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Skeleton className="h-[4.625rem] rounded-xl" />
          <Skeleton className="h-[4.625rem] rounded-xl" />
          <Skeleton className="h-[4.625rem] rounded-xl" />
        </div>
        <Skeleton className="h-24 rounded-xl" />
      </div>
    </>
  );
}
