import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ShieldCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getUserByIdQueryOptions } from '@/features/admin-users/api/get-user-by-id';
import { UserEditForm } from '@/features/admin-users/components/user-edit-form';
import { UserTeams } from '@/features/admin-users/components/user-teams';
import { fullNameOf } from '@/lib/full-name';
import { BackLink } from '@/components/back-link';
import { formatDateTime } from '@/lib/format-date';
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
  pendingComponent: UserPending,
  component: UserPage,
});

function UserPage() {
  const { graphqlClient } = Route.useRouteContext();
  const { id } = Route.useParams();
  const { data } = useSuspenseQuery(getUserByIdQueryOptions(graphqlClient, id));
  const user = data.userById;

  return (
    <>
      <BackLink to="/system/users">All users</BackLink>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {fullNameOf(user)}
            {user.isSystemAdmin && (
              <Badge color="info">
                <ShieldCheckIcon aria-hidden />
                Admin
              </Badge>
            )}
          </span>
        }
        description={
          <>
            <span className="break-all">{user.email}</span> · Last sign-in{' '}
            {user.lastLogin ? formatDateTime(user.lastLogin) : 'never'}
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <UserEditForm user={user} />
        <UserTeams teams={user.teams} />
      </div>
    </>
  );
}

function UserPending() {
  return (
    <>
      <BackLink to="/system/users">All users</BackLink>
      <div className="grid gap-2 pb-6">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-[26rem] rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    </>
  );
}
