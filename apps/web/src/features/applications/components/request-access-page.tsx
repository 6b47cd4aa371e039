import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { ArrowLeftIcon, CircleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { parseError } from '@/lib/graphql-client';
import { orNotFound } from '@/lib/not-found';
import type { SignedInRouterContext } from '@/router';
import { appInfoQueryOptions, useAppInfo } from '../api/app-info';
import { appInfoForRequestQueryOptions } from '../api/get-app-info-for-request';
import { ApplicationFacts } from './application-detail';
import { NoTeamToRequestFor } from '@/components/application-empty-states';
import { RequestAccessForm, requestTeamOf } from './request-access-form';
import { DetailColumns } from '@/components/ui/detail-layout';

export interface RequestAccessLoaderArgs {
  context: Pick<SignedInRouterContext, 'queryClient' | 'graphqlClient'>;
  params: { id: string };
  deps: { team?: string };
}

/** Primes the application and the request-access info of the team the form starts with. */
export async function loadRequestAccess({
  context: { queryClient, graphqlClient },
  params,
  deps,
}: RequestAccessLoaderArgs) {
  const { application, myTeams } = await orNotFound(
    queryClient.ensureQueryData(appInfoQueryOptions(graphqlClient, params.id)),
  );
  const teamFriendlyId = requestTeamOf(myTeams, deps.team);
  if (teamFriendlyId) {
    await orNotFound(
      queryClient.ensureQueryData(appInfoForRequestQueryOptions(graphqlClient, params.id, teamFriendlyId)),
    );
  }
  return { title: `Request ${application.name}` };
}

export interface RequestAccessPageProps {
  appId: string;
  /** The team named in the URL (`?team=`), if any. */
  team: string | undefined;
  onTeamChange: (teamFriendlyId: string) => void;
  onRequested: (requestId: string) => void;
}

export function RequestAccessPage({ appId, team, onTeamChange, onRequested }: RequestAccessPageProps) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { application, myTeams } = useAppInfo(appId);
  const teamFriendlyId = requestTeamOf(myTeams, team);
  const infoQuery = useQuery({
    ...appInfoForRequestQueryOptions(graphqlClient, appId, teamFriendlyId ?? ''),
    enabled: teamFriendlyId !== undefined,
    // Switching teams keeps the form in place while the other team's answer arrives.
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <Link
        to="/apps/$id"
        params={{ id: appId }}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon aria-hidden className="size-4" />
        {application.name}
      </Link>
      <RequestAccessHeader applicationName={application.name} />
      <DetailColumns>
        {!teamFriendlyId ? (
          <NoTeamToRequestFor applicationName={application.name} />
        ) : infoQuery.data ? (
          <RequestAccessForm
            application={application}
            teams={myTeams}
            teamFriendlyId={teamFriendlyId}
            info={infoQuery.data}
            isInfoStale={infoQuery.isPlaceholderData}
            onTeamChange={onTeamChange}
            onRequested={onRequested}
          />
        ) : infoQuery.isError ? (
          <EmptyState
            icon={CircleAlertIcon}
            title="The request form could not be loaded"
            text={parseError(infoQuery.error).message}
            action={<Button onClick={() => void infoQuery.refetch()}>Try again</Button>}
          />
        ) : (
          <RequestAccessFormSkeleton />
        )}
        {/* The form names the terms already; on a phone the facts would only repeat them below it. */}
        <ApplicationFacts application={application} className="hidden lg:block" />
      </DetailColumns>
    </>
  );
}

function RequestAccessHeader({ applicationName }: { applicationName?: string }) {
  return (
    <PageHeader
      title={applicationName ? `Request ${applicationName}` : 'Request access'}
      description="Ask for an application for one of your teams."
    />
  );
}

function RequestAccessFormSkeleton() {
  return <Skeleton className="h-[38rem] rounded-xl sm:h-[32rem]" />;
}

/** The request screen while the application loads, at its final size. */
export function RequestAccessPageSkeleton() {
  return (
    <>
      <Skeleton className="mb-4 h-5 w-32" />
      <div aria-hidden className="grid gap-2 pb-6">
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <DetailColumns aria-hidden>
        <RequestAccessFormSkeleton />
        <Skeleton className="hidden h-48 rounded-xl lg:block" />
      </DetailColumns>
    </>
  );
}
