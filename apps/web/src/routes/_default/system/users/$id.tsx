import { createFileRoute } from '@tanstack/react-router';
import { getUserByIdQueryOptions } from '@/features/admin-users/api/get-user-by-id';
import { UserScreen, UserScreenSkeleton } from '@/features/admin-users/screens/user-screen';
import { fullNameOf } from '@/lib/full-name';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/users/$id')({
  loader: async ({ context, params }) => {
    const { userById } = await orNotFound(
      context.queryClient.ensureQueryData(getUserByIdQueryOptions(context.graphqlClient, params.id)),
    );
    return { title: fullNameOf(userById) };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'User') }] }),
  pendingComponent: UserScreenSkeleton,
  component: UserRoute,
});

function UserRoute() {
  return <UserScreen id={Route.useParams().id} />;
}
