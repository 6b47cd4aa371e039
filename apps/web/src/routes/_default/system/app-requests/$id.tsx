import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { AppRequestDetail } from '@/features/applications/components/app-request-detail';
import { getAppRequestQueryOptions } from '@/features/applications/api/get-app-request';
import { AppRequestStatusBadge } from '@/features/applications/components/status-badges';
import { BackLink } from '@/components/back-link';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/app-requests/$id')({
  loader: async ({ context, params }) => {
    const { appRequest } = await orNotFound(
      context.queryClient.ensureQueryData(getAppRequestQueryOptions(context.graphqlClient, params.id)),
    );
    return { title: requestTitleOf(appRequest) };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Application request') }] }),
  pendingComponent: AppRequestPending,
  component: AppRequestPage,
});

function requestTitleOf(appRequest: { applicationName: string; teamName: string }) {
  return `${appRequest.applicationName} for ${appRequest.teamName}`;
}

function AppRequestPage() {
  const { graphqlClient } = Route.useRouteContext();
  const { id } = Route.useParams();
  const { data } = useSuspenseQuery(getAppRequestQueryOptions(graphqlClient, id));
  const appRequest = data.appRequest;

  return (
    <>
      <BackLink to="/system/app-requests">All requests</BackLink>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="min-w-0 break-words">{requestTitleOf(appRequest)}</span>
            <AppRequestStatusBadge status={appRequest.status} size="lg" />
          </span>
        }
        description={`Requested by ${appRequest.requestedBy}`}
      />
      <AppRequestDetail appRequest={appRequest} />
    </>
  );
}

function AppRequestPending() {
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
