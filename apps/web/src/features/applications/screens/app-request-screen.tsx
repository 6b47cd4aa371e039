import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { getAppRequestQueryOptions } from '../api/get-app-request';
import { AppRequestDetail } from '../components/app-request-detail';
import { AppRequestStatusBadge } from '../components/status-badges';
import { DetailColumnsSkeleton, PageHeaderSkeleton } from '@/components/ui/detail-layout';

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
      <PageHeaderSkeleton titleWidth="w-72" descriptionWidth="w-56" />
      <DetailColumnsSkeleton
        main={['h-[7.75rem] rounded-lg', 'h-64 rounded-xl', 'h-[6.5rem] rounded-xl', 'h-[18.5rem] rounded-xl']}
        side="h-[12.5rem] rounded-xl"
      />
    </>
  );
}
