import { createFileRoute } from '@tanstack/react-router';
import { getApplicationByIdQueryOptions } from '@/features/applications/api/get-application-by-id';
import {
  SystemApplicationScreen,
  SystemApplicationScreenSkeleton,
} from '@/features/applications/screens/system-application-screen';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/apps/$id')({
  loader: async ({ context, params }) => {
    const { applicationById } = await orNotFound(
      context.queryClient.ensureQueryData(getApplicationByIdQueryOptions(context.graphqlClient, params.id)),
    );
    return { title: applicationById.name };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Application') }] }),
  pendingComponent: SystemApplicationScreenSkeleton,
  component: SystemApplicationRoute,
});

function SystemApplicationRoute() {
  return <SystemApplicationScreen id={Route.useParams().id} />;
}
