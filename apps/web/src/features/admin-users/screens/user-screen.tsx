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
import { DetailColumns, PageHeaderSkeleton } from '@/components/ui/detail-layout';

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
      <DetailColumns>
        <UserEditForm user={user} />
        <div className="grid gap-6">
          <AccountStatusCard user={user} isSelf={signedInUser?.id === user.id} isBuiltIn={isBuiltIn} />
          <UserTeams teams={user.teams} />
          <UserSessionsCard userId={user.id} />
          {isBuiltIn && <PasswordResetCard userId={user.id} email={user.email} />}
          {isBuiltIn && <SecondFactorsCard userId={user.id} email={user.email} isSelf={signedInUser?.id === user.id} />}
        </div>
      </DetailColumns>
    </>
  );
}

export function UserScreenSkeleton() {
  return (
    <>
      <BackLink to="/system/users">All users</BackLink>
      <PageHeaderSkeleton titleWidth="w-64" descriptionWidth="w-80" />
      <DetailColumns>
        <Skeleton className="h-[26rem] rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </DetailColumns>
    </>
  );
}
