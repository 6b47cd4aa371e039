import { createFileRoute } from '@tanstack/react-router';
import { getAppRequestQueryOptions } from '@/features/applications/api/get-app-request';
import {
  AppRequestScreen,
  AppRequestScreenSkeleton,
  appRequestTitleOf,
} from '@/features/applications/screens/app-request-screen';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/app-requests/$id')({
  loader: async ({ context, params }) => {
    const { appRequest } = await orNotFound(
      context.queryClient.ensureQueryData(getAppRequestQueryOptions(context.graphqlClient, params.id)),
    );
    return { title: appRequestTitleOf(appRequest) };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Application request') }] }),
  pendingComponent: AppRequestScreenSkeleton,
  component: AppRequestRoute,
});

function AppRequestRoute() {
  return <AppRequestScreen id={Route.useParams().id} />;
}
