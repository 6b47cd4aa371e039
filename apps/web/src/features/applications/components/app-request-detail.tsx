import { Link } from '@tanstack/react-router';
import { CircleCheckIcon, CircleXIcon, ClockIcon, Undo2Icon } from 'lucide-react';
import { RelativeTime } from '@/components/relative-time';
import { Callout } from '@/components/ui/callout';
import { DescriptionList } from '@/components/ui/description-list';
import type { AppRequestDetail as AppRequest } from '../api/get-app-request';
import { TeamApplicationStatusBadge } from './status-badges';
import { AppRequestCommentsForm } from './app-request-comments-form';
import { AppRequestDecisionDialog } from './app-request-decision-dialog';
import { AppRequestHistory } from './app-request-history';
import { DetailColumns } from '@/components/ui/detail-layout';

const closedLooks = {
  APPROVED: { label: 'Approved', color: 'success', icon: CircleCheckIcon },
  REJECTED: { label: 'Rejected', color: 'error', icon: CircleXIcon },
  WITHDRAWN: { label: 'Withdrawn', color: 'neutral', icon: Undo2Icon },
} as const satisfies Record<Exclude<AppRequest['status'], 'PENDING'>, unknown>;

/** Who closed the request and when: the history's decision, else the request's own closing time. */
function closingOf(appRequest: AppRequest) {
  const decision = appRequest.history.findLast(
    (entry) => entry.action === 'APPROVED' || entry.action === 'REJECTED' || entry.action === 'WITHDRAWN',
  );
  return { actorName: decision?.actorName, closedAt: decision?.createdAt ?? appRequest.closedAt };
}

/** A request as a system administrator sees it: the decision to take (or taken), the facts, comments, history. */
export function AppRequestDetail({ appRequest }: { appRequest: AppRequest }) {
  const closing = closingOf(appRequest);
  const closed = appRequest.status === 'PENDING' ? undefined : closedLooks[appRequest.status];

  return (
    <DetailColumns>
      <div className="grid gap-6">
        {!closed ? (
          <Callout color="warning" icon={ClockIcon}>
            <p className="font-medium">Waiting for a decision</p>
            <p className="text-muted-foreground">
              Approving gives {appRequest.teamName} the application at once; either way the requester is told.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <AppRequestDecisionDialog decision="approve" appRequest={appRequest} />
              <AppRequestDecisionDialog decision="reject" appRequest={appRequest} />
            </div>
          </Callout>
        ) : (
          <Callout color={closed.color} icon={closed.icon}>
            <p className="font-medium">
              {closed.label}
              {closing.actorName && ` by ${closing.actorName}`}
              {closing.closedAt && (
                <>
                  {' '}
                  <RelativeTime dateTime={closing.closedAt} />
                </>
              )}
            </p>
            <p className="text-muted-foreground">
              {appRequest.status === 'WITHDRAWN'
                ? 'The requester took it back before a decision; the team can ask again.'
                : 'This request is closed; it cannot be decided again.'}
            </p>
          </Callout>
        )}
        <DescriptionList
          items={[
            {
              term: 'Application',
              details: (
                <Link
                  to="/system/apps/$id"
                  params={{ id: appRequest.applicationId }}
                  className="font-medium text-primary-text hover:underline"
                >
                  {appRequest.applicationName}
                </Link>
              ),
            },
            {
              term: 'Team',
              // A deleted team keeps its name on the request but has no page to link to.
              details: appRequest.teamFriendlyId ? (
                <Link
                  to="/system/teams/$slug/home"
                  params={{ slug: appRequest.teamFriendlyId }}
                  className="font-medium text-primary-text hover:underline"
                >
                  {appRequest.teamName}
                </Link>
              ) : (
                <span>{appRequest.teamName} (deleted)</span>
              ),
            },
            {
              term: 'Requested by',
              details: (
                <Link
                  to="/system/users/$id"
                  params={{ id: appRequest.requestedById }}
                  className="text-primary-text hover:underline"
                >
                  {appRequest.requestedBy}
                </Link>
              ),
            },
            { term: 'Requested', details: <RelativeTime dateTime={appRequest.createdAt} /> },
            {
              term: 'Contact email',
              details: (
                <a href={`mailto:${appRequest.contactEmail}`} className="break-all text-primary-text hover:underline">
                  {appRequest.contactEmail}
                </a>
              ),
            },
            {
              term: 'Contact phone',
              details: appRequest.contactPhone || <span className="text-muted-foreground">None given</span>,
            },
            {
              term: "Team's access",
              details: appRequest.teamApplicationStatus ? (
                <TeamApplicationStatusBadge status={appRequest.teamApplicationStatus} />
              ) : (
                <span className="text-muted-foreground">Not granted</span>
              ),
            },
            {
              term: closed ? closed.label : 'Decided',
              details: appRequest.closedAt ? (
                <RelativeTime dateTime={appRequest.closedAt} />
              ) : (
                <span className="text-muted-foreground">Not yet</span>
              ),
            },
          ]}
        />
        <section aria-labelledby="app-request-message-heading" className="grid gap-2">
          <h2 id="app-request-message-heading" className="text-base font-semibold">
            Message from the requester
          </h2>
          {appRequest.message ? (
            <p className="rounded-xl border bg-surface p-4 text-sm break-words whitespace-pre-line">
              {appRequest.message}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">No message.</p>
          )}
        </section>
        <AppRequestCommentsForm appRequest={appRequest} />
      </div>
      <div className="rounded-xl border bg-surface p-4 sm:p-6">
        <AppRequestHistory history={appRequest.history} />
      </div>
    </DetailColumns>
  );
}
