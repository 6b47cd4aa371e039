import { createFileRoute } from '@tanstack/react-router';
import { getAppRequestQueryOptions } from '@/features/applications/api/get-app-request';
import { getApplicationByIdQueryOptions } from '@/features/applications/api/get-application-by-id';
import { AppRequestView, AppRequestViewSkeleton } from '@/features/applications/components/app-request-view';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/apps/requests/$requestId')({
  loader: async ({ context, params }) => {
    const { appRequest: request } = await orNotFound(
      context.queryClient.ensureQueryData(getAppRequestQueryOptions(context.graphqlClient, params.requestId)),
    );
    if (request.status === 'APPROVED' && request.teamApplicationStatus === 'ENABLED') {
      // Its address, for the Launch button; the page still shows without it.
      await context.queryClient
        .ensureQueryData(getApplicationByIdQueryOptions(context.graphqlClient, request.applicationId))
        .catch(() => undefined);
    }
    return { title: `Request for ${request.applicationName}` };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Application request') }] }),
  pendingComponent: AppRequestViewSkeleton,
  component: AppRequestViewRoute,
});

function AppRequestViewRoute() {
  const { requestId } = Route.useParams();
  return <AppRequestView requestId={requestId} />;
}
