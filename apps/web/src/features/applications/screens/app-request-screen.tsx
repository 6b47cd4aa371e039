import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getAppRequestQueryOptions } from '../api/get-app-request';
import { AppRequestDetail } from '../components/app-request-detail';
import { AppRequestStatusBadge } from '../components/status-badges';

/** "Wiki for Platform team": the page's heading and title. */
export function appRequestTitleOf(appRequest: { applicationName: string; teamName: string }) {
  return `${appRequest.applicationName} for ${appRequest.teamName}`;
}

export function AppRequestScreen({ id }: { id: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useSuspenseQuery(getAppRequestQueryOptions(graphqlClient, id));
  const appRequest = data.appRequest;

  return (
    <>
      <BackLink to="/system/app-requests">All requests</BackLink>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="min-w-0 break-words">{appRequestTitleOf(appRequest)}</span>
            <AppRequestStatusBadge status={appRequest.status} size="lg" />
          </span>
        }
        description={`Requested by ${appRequest.requestedBy}`}
      />
      <AppRequestDetail appRequest={appRequest} />
    </>
  );
}

export function AppRequestScreenSkeleton() {
  return (
    <>
      <BackLink to="/system/app-requests">All requests</BackLink>
      <div className="grid gap-2 pb-6">
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-5 w-56 max-w-full" />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid gap-6">
          <Skeleton className="h-[7.75rem] rounded-lg" />
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-[6.5rem] rounded-xl" />
          <Skeleton className="h-[18.5rem] rounded-xl" />
        </div>
        <Skeleton className="h-[12.5rem] rounded-xl" />
      </div>
    </>
  );
}
