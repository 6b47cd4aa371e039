import { createFileRoute } from '@tanstack/react-router';
import { appInfoQueryOptions } from '@/features/applications/api/app-info';
import { ApplicationDetail, ApplicationDetailSkeleton } from '@/features/applications/components/application-detail';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/apps/$id/')({
  loader: async ({ context, params }) => {
    const { application } = await orNotFound(
      context.queryClient.ensureQueryData(appInfoQueryOptions(context.graphqlClient, params.id)),
    );
    return { title: application.name };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Application') }] }),
  pendingComponent: ApplicationDetailSkeleton,
  component: ApplicationDetailRoute,
});

function ApplicationDetailRoute() {
  const { id } = Route.useParams();
  return <ApplicationDetail appId={id} />;
}
