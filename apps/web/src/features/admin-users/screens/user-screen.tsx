import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { ShieldCheckIcon } from 'lucide-react';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format-date';
import { fullNameOf } from '@/lib/full-name';
import { runtimeConfigQueryOptions } from '@/lib/runtime-config-query';
import { useSession } from '@/lib/use-session';
import { getUserByIdQueryOptions } from '../api/get-user-by-id';
import { AccountStatusCard } from '../components/account-status-card';
import { PasswordResetCard } from '../components/password-reset-card';
import { SecondFactorsCard } from '../components/second-factors-card';
import { UserEditForm } from '../components/user-edit-form';
import { UserSessionsCard } from '../components/user-sessions-card';
import { UserTeams } from '../components/user-teams';

export function UserScreen({ id }: { id: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useSuspenseQuery(getUserByIdQueryOptions(graphqlClient, id));
  const user = data.userById;
  // Reset links exist only for accounts of the built-in provider.
  const runtimeConfig = useQuery(runtimeConfigQueryOptions);
  const isBuiltIn = runtimeConfig.data?.oidc.kind === 'built-in';
  const { user: signedInUser } = useSession();

  return (
    <>
      <BackLink to="/system/users">All users</BackLink>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {fullNameOf(user)}
            {user.suspendedAt && <Badge color="error">Suspended</Badge>}
            {user.isSystemAdmin && (
              <Badge color="info">
                <ShieldCheckIcon aria-hidden />
                Admin
              </Badge>
            )}
            {!user.isEmailVerified && <Badge color="warning">Unverified email</Badge>}
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
        <div className="grid gap-6">
          <AccountStatusCard user={user} isSelf={signedInUser?.id === user.id} isBuiltIn={isBuiltIn} />
          <UserTeams teams={user.teams} />
          <UserSessionsCard userId={user.id} />
          {isBuiltIn && <PasswordResetCard userId={user.id} email={user.email} />}
          {isBuiltIn && <SecondFactorsCard userId={user.id} email={user.email} isSelf={signedInUser?.id === user.id} />}
        </div>
      </div>
    </>
  );
}

export function UserScreenSkeleton() {
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
