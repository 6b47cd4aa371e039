import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import {
  CheckCircle2Icon,
  ClockIcon,
  ExternalLinkIcon,
  MessageSquareIcon,
  SendIcon,
  Undo2Icon,
  XCircleIcon,
} from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useSession } from '@/lib/use-session';
import { useWithdrawAppRequest } from '../api/withdraw-app-request';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/components/relative-time';
import { isWebAddress } from '@dxp/contracts/web-address';
import { useAppRequest, type AppRequestDetail as AppRequest } from '../api/get-app-request';
import { getApplicationByIdQueryOptions } from '../api/get-application-by-id';
import { LaunchLink } from '@/components/launch-link';
import { AppRequestStatusBadge } from './status-badges';
import { DetailColumns, DetailColumnsSkeleton, PageHeaderSkeleton } from '@/components/ui/detail-layout';

const actionLabels: Record<AppRequest['history'][number]['action'], string> = {
  CREATED: 'Requested',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
  COMMENTS_UPDATED: 'Comments updated',
};

/** The requester's (and their team's) view of one access request: its status, the decision and its history. */
export function AppRequestView({ requestId }: { requestId: string }) {
  const request = useAppRequest(requestId);
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Request for {request.applicationName}
            <AppRequestStatusBadge status={request.status} />
          </span>
        }
        description={
          <>
            For {request.teamName}, sent <RelativeTime dateTime={request.createdAt} /> by {request.requestedBy}.
          </>
        }
      />
      <DetailColumns>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <RequestOutcome request={request} />
          <DescriptionList
            items={[
              {
                term: 'Application',
                details: (
                  <AppLink
                    href={`/apps/${request.applicationId}`}
                    className="font-medium text-primary-text hover:underline"
                  >
                    {request.applicationName}
                  </AppLink>
                ),
              },
              {
                term: 'Team',
                details: (
                  <AppLink
                    href={`/teams/${request.teamFriendlyId}/home`}
                    className="font-medium text-primary-text hover:underline"
                  >
                    {request.teamName}
                  </AppLink>
                ),
              },
              { term: 'Contact email', details: request.contactEmail },
              { term: 'Contact phone', details: request.contactPhone || '—' },
              { term: 'Message', details: <span className="whitespace-pre-line">{request.message || '—'}</span> },
              {
                term: request.status === 'WITHDRAWN' ? 'Withdrawn' : 'Decided',
                details: request.closedAt ? <RelativeTime dateTime={request.closedAt} /> : 'Not yet',
              },
            ]}
          />
        </div>
        <RequestHistory history={request.history} />
      </DetailColumns>
    </>
  );
}

function RequestOutcome({ request }: { request: AppRequest }) {
  const comments = request.comments ? (
    <p className="flex items-start gap-2">
      <MessageSquareIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span>
        <span className="font-medium">Administrator’s comment: </span>
        <span className="whitespace-pre-line">{request.comments}</span>
      </span>
    </p>
  ) : null;

  if (request.status === 'PENDING') {
    return (
      <Callout color="warning" icon={ClockIcon}>
        <p className="font-medium">Waiting for an administrator</p>
        <p>You will get a notification when the request is approved or rejected.</p>
        {comments}
        <WithdrawRequest request={request} />
      </Callout>
    );
  }
  if (request.status === 'WITHDRAWN') {
    return (
      <Callout color="neutral" icon={Undo2Icon}>
        <p className="font-medium">The request was withdrawn</p>
        <p>{request.requestedBy} took it back before an administrator decided. The team can ask again.</p>
        <RequestAgain request={request} />
      </Callout>
    );
  }
  if (request.status === 'REJECTED') {
    return (
      <Callout color="error" icon={XCircleIcon}>
        <p className="font-medium">The request was rejected</p>
        {comments ?? <p>The administrator left no comment.</p>}
        <RequestAgain request={request} />
      </Callout>
    );
  }
  return (
    <Callout color="success" icon={CheckCircle2Icon}>
      <p className="font-medium">
        Approved: {request.teamName} can use {request.applicationName}
      </p>
      {request.teamApplicationStatus === 'DISABLED' && (
        <p>The team’s admins have switched it off for now; they can enable it again on the team’s home.</p>
      )}
      {comments}
      {request.teamApplicationStatus === 'ENABLED' && (
        <LaunchApprovedApplication applicationId={request.applicationId} />
      )}
    </Callout>
  );
}

/** A new request for the same application and team, when the team does not have it. */
function RequestAgain({ request }: { request: AppRequest }) {
  if (request.teamApplicationStatus || !request.teamFriendlyId) return null;
  return (
    <div className="mt-2">
      <Button asChild size="sm" color="neutral" variant="outline">
        <Link to="/apps/$id/request" params={{ id: request.applicationId }} search={{ team: request.teamFriendlyId }}>
          <SendIcon aria-hidden />
          Request again
        </Link>
      </Button>
    </div>
  );
}

/** The person who made a pending request may take it back, after a confirmation. */
function WithdrawRequest({ request }: { request: AppRequest }) {
  const { user } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const withdraw = useWithdrawAppRequest();
  if (user?.id !== request.requestedById) return null;
  return (
    <div className="mt-2">
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        trigger={
          <Button size="sm" color="neutral" variant="outline">
            <Undo2Icon aria-hidden />
            Withdraw request
          </Button>
        }
        title={`Withdraw the request for ${request.applicationName}?`}
        description={`The administrators are no longer asked to decide. ${request.teamName} can request it again later.`}
        confirmLabel="Withdraw request"
        isPending={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutateAsync(request.id).then(
            () => {
              setIsOpen(false);
              toast({ title: 'Request withdrawn', color: 'success', icon: CheckCircle2Icon });
            },
            (error: unknown) => {
              setIsOpen(false);
              const parsed = parseError(error);
              toast({ title: parsed.title, description: parsed.message, color: 'error' });
            },
          )
        }
      />
    </div>
  );
}

/** Launch, once the application's address has arrived (the request itself does not carry it). */
function LaunchApprovedApplication({ applicationId }: { applicationId: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useQuery(getApplicationByIdQueryOptions(graphqlClient, applicationId));
  const application = data?.applicationById;
  return (
    <div className="mt-2 h-8">
      {application && isWebAddress(application.url) ? (
        <Button asChild size="sm">
          <LaunchLink launches={{ id: application.id, type: 'APPLICATION', url: application.url }}>
            Launch {application.name}
            <ExternalLinkIcon aria-hidden />
          </LaunchLink>
        </Button>
      ) : (
        <Skeleton className="h-8 w-36" />
      )}
    </div>
  );
}

function RequestHistory({ history }: { history: AppRequest['history'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="request-history-heading">History</CardTitle>
      </CardHeader>
      <CardContent>
        <ol aria-labelledby="request-history-heading" className="grid gap-4 border-l pl-4">
          {history.map((entry, index) => (
            <li key={index} className="relative grid gap-0.5 text-sm">
              <span aria-hidden className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary" />
              <span className="font-medium">{actionLabels[entry.action]}</span>
              <span className="text-xs text-muted-foreground">
                {entry.actorName} · <RelativeTime dateTime={entry.createdAt} />
              </span>
              {entry.comments && <span className="whitespace-pre-line text-muted-foreground">{entry.comments}</span>}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/** The request page while it loads, at its final size. */
export function AppRequestViewSkeleton() {
  return (
    <div aria-hidden>
      <PageHeaderSkeleton titleWidth="w-80" descriptionWidth="w-96" />
      <DetailColumnsSkeleton main={['h-24 rounded-lg', 'h-56 rounded-xl sm:h-40']} side="h-48 rounded-xl" />
    </div>
  );
}
