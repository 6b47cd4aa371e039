import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { CrownIcon, SearchIcon, UserMinusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { ListRowsSkeleton } from '@/components/ui/list-rows-skeleton';
import { toast } from '@/components/ui/toast-store';
import type { TeamRole } from '@/lib/team-roles';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSession } from '@/lib/use-session';
import { fullNameOf } from '@/lib/full-name';
import { parseError } from '@/lib/graphql-client';
import type { Team } from '../api/get-team-by-friendly-id';
import { teamMembersQueryOptions, type TeamMember } from '../api/get-team-members';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { useTransferTeamOwnership } from '../api/transfer-team-ownership';
import { useUpdateMemberRole } from '../api/update-member-role';
import type { TeamPermissions } from '../team-roles';
import { LeaveTeamDialog } from './leave-team-card';
import { RoleSelect } from './role-select';
import { TeamRoleBadge } from '@/components/team-role-badge';

const searchDelayMs = 300;

function showFailure(error: unknown) {
  const parsed = parseError(error);
  toast({ title: parsed.title, description: parsed.message, color: 'error' });
}

export interface MembersPanelProps {
  team: Team;
  permissions: TeamPermissions;
  /** Where to go after leaving the team. */
  afterLeaveHref: string;
}

/** The members by email: search, change roles, remove, leave and transfer ownership. */
export function MembersPanel({ team, permissions, afterLeaveHref }: MembersPanelProps) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const [search, setSearch] = useState('');
  const emailSearch = useDebouncedValue(search.trim(), searchDelayMs);
  const query = useInfiniteQuery({
    ...teamMembersQueryOptions(graphqlClient, team.friendlyId, emailSearch),
    placeholderData: (previous) => previous,
  });
  const members = query.data?.pages.flatMap((page) => page.teamMembers.nodes ?? []) ?? [];
  const totalCount = query.data?.pages[0]?.teamMembers.totalCount ?? 0;

  return (
    <section aria-labelledby="members-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members {query.data && <span className="text-muted-foreground">({totalCount})</span>}
        </h2>
        <div className="relative sm:w-72">
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search members by email"
            placeholder="Search by email"
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      {query.isPending ? (
        <ListRowsSkeleton rows={4} pictureClassName="rounded-full" detailWidth="w-56" trailingClassName="h-6 w-16" />
      ) : query.isError ? (
        <EmptyState
          icon={UsersIcon}
          title="The members could not be loaded"
          text={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : members.length === 0 ? (
        <EmptyState icon={UsersIcon} title="No members match" text={`Nobody’s email contains “${emailSearch}”.`} />
      ) : (
        <ul className="divide-y rounded-xl border bg-surface shadow-xs" aria-busy={query.isFetching || undefined}>
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              team={team}
              member={member}
              permissions={permissions}
              afterLeaveHref={afterLeaveHref}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          color="neutral"
          variant="outline"
          size="sm"
          className="w-fit"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </section>
  );
}

interface MemberRowProps {
  team: Team;
  member: TeamMember;
  permissions: TeamPermissions;
  afterLeaveHref: string;
}

function MemberRow({ team, member, permissions, afterLeaveHref }: MemberRowProps) {
  const { user } = useSession();
  const updateMemberRole = useUpdateMemberRole();
  const removeTeamMember = useRemoveTeamMember();
  const transferOwnership = useTransferTeamOwnership();
  const fullName = fullNameOf(member);
  const isSelf = member.userId === user?.id;
  const isOwner = member.role === 'TeamOwner';
  const canChangeRole = permissions.canManage && !isOwner && !isSelf;

  const changeRole = (role: TeamRole) =>
    updateMemberRole.mutate(
      { teamFriendlyId: team.friendlyId, userId: member.userId, role },
      {
        onSuccess: () =>
          toast({
            title: 'Role changed',
            description: `${fullName} is now ${role === 'TeamAdmin' ? 'an admin' : 'a member'}.`,
            color: 'success',
          }),
        onError: showFailure,
      },
    );

  // Awaited rather than `mutate` callbacks: the refetched list drops this row before those would run.
  const remove = async () => {
    await removeTeamMember.mutateAsync({ teamFriendlyId: team.friendlyId, memberId: member.userId });
    toast({ title: 'Member removed', description: fullName, color: 'success' });
  };

  const transfer = async () => {
    await transferOwnership.mutateAsync({ teamFriendlyId: team.friendlyId, targetUserId: member.userId });
    toast({ title: 'Ownership transferred', description: `${fullName} now owns ${team.name}.`, color: 'success' });
  };

  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={fullName} size="lg" />
        <div className="grid min-w-0 gap-0.5">
          <span className="truncate text-sm font-medium">
            {fullName}
            {isSelf && <span className="text-muted-foreground"> (you)</span>}
          </span>
          <span className="truncate text-xs text-muted-foreground">{member.email}</span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {canChangeRole ? (
          <RoleSelect
            aria-label={`Role of ${member.email}`}
            value={member.role}
            disabled={updateMemberRole.isPending}
            onChange={(event) => changeRole(event.target.value as TeamRole)}
          />
        ) : (
          <TeamRoleBadge role={member.role} />
        )}
        {permissions.canTransferAndDelete && !isOwner && (
          <ConfirmActionDialog
            trigger={
              <Button color="neutral" variant="outline" size="sm">
                <CrownIcon aria-hidden />
                Make owner
              </Button>
            }
            title={`Transfer ownership to ${fullName}?`}
            description="They become the team’s owner; the current owner becomes an admin. Only the new owner can undo this."
            confirmLabel="Transfer ownership"
            confirmationText={member.email}
            action={transfer}
          />
        )}
        {isSelf && !isOwner && <LeaveTeamDialog team={team} afterLeaveHref={afterLeaveHref} />}
        {permissions.canManage && !isSelf && !isOwner && (
          <ConfirmActionDialog
            trigger={
              <Button color="error" variant="ghost" size="sm" square aria-label={`Remove ${member.email}`}>
                <UserMinusIcon aria-hidden />
              </Button>
            }
            title={`Remove ${fullName}?`}
            description={`${member.email} loses access to ${team.name}. They are told about it.`}
            confirmLabel="Remove member"
            action={remove}
          />
        )}
      </div>
    </li>
  );
}
