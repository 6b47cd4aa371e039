import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { ArrowRightIcon, LogOutIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/use-session';
import { useForgetTeam } from '../api/forget-team';
import type { Team } from '../api/get-team-by-friendly-id';
import { teamMembersQueryOptions } from '../api/get-team-members';
import { useLeaveTeam } from '../api/remove-team-member';

/**
 * "Leave team" and its confirmation, on the team home and in the members list. Leaving as the signed-in user: on
 * success a toast, then the page moves to `afterLeaveHref` and forgets the team (useForgetTeam); a failure is a toast.
 */
export function LeaveTeamDialog({
  team,
  afterLeaveHref,
  triggerClassName,
}: {
  team: Team;
  afterLeaveHref: string;
  triggerClassName?: string;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const leaveTeam = useLeaveTeam();
  const forgetTeam = useForgetTeam();

  async function leaveAndExit() {
    if (!user) return;
    await leaveTeam.mutateAsync({ teamFriendlyId: team.friendlyId, memberId: user.id });
    toast({ title: 'You left the team', description: team.name, color: 'success' });
    await navigate({ href: afterLeaveHref });
    await forgetTeam(team.friendlyId);
  }

  return (
    <ConfirmActionDialog
      trigger={
        <Button color="error" variant="outline" size="sm" className={triggerClassName}>
          <LogOutIcon aria-hidden />
          Leave team
        </Button>
      }
      title={`Leave ${team.name}?`}
      description="You lose access to the team and its bookmarks until someone invites you again."
      confirmLabel="Leave team"
      action={leaveAndExit}
    />
  );
}

export interface LeaveTeamCardProps {
  /** A team the visitor is a member of (`roleName` set). */
  team: Team;
  teamPath: string;
  /** Where to go after leaving. */
  afterLeaveHref: string;
}

/**
 * The visitor's own membership on the team home (docs/design.md §5): members and admins leave after a
 * confirmation; the owner is told why they cannot and where to hand the team over first.
 */
export function LeaveTeamCard({ team, teamPath, afterLeaveHref }: LeaveTeamCardProps) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const memberCount = useSuspenseInfiniteQuery(teamMembersQueryOptions(graphqlClient, team.friendlyId)).data.pages[0]
    ?.teamMembers.totalCount;
  const headingId = useId();
  const isOwner = team.roleName === 'TeamOwner';
  const isOnlyMember = memberCount === 1;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>Your membership</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!isOwner ? (
          <>
            <p className="text-sm text-muted-foreground">
              You are {team.roleName === 'TeamAdmin' ? 'an admin' : 'a member'} of {team.name}. You can leave at any
              time.
            </p>
            <LeaveTeamDialog team={team} afterLeaveHref={afterLeaveHref} triggerClassName="w-fit" />
          </>
        ) : isOnlyMember ? (
          <OwnerNextStep href={`${teamPath}/settings`} label="Team settings">
            You own {team.name} and are its only member, so there is no one to hand it over to. To leave, delete the
            team in its settings.
          </OwnerNextStep>
        ) : (
          <OwnerNextStep href={`${teamPath}/members`} label="Transfer ownership">
            You own {team.name}. A team always has an owner, so you cannot leave it yet: make another member the owner
            first, then you can leave as an admin.
          </OwnerNextStep>
        )}
      </CardContent>
    </Card>
  );
}

/** Why an owner cannot leave yet, and a link to the screen where they can change that. */
function OwnerNextStep({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <>
      <p className="text-sm text-muted-foreground">{children}</p>
      <ButtonLink href={href} color="neutral" variant="outline" size="sm" className="w-fit">
        {label}
        <ArrowRightIcon aria-hidden />
      </ButtonLink>
    </>
  );
}
