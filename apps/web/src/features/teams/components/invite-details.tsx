import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/components/relative-time';
import { TeamRoleBadge } from '@/components/team-role-badge';
import { myInviteQueryOptions, type MyInvite } from '../api/get-my-invite';
import { TeamIdentity } from './team-identity';

const answerLabels = { Accepted: 'Accepted', Declined: 'Declined' } as const;

/** "in 13 days" while it can be answered; "expired 2 days ago" after; nothing once answered. */
function expiryOf(invite: MyInvite) {
  if (invite.status === 'Accepted' || invite.status === 'Declined') {
    return (
      <Badge color={invite.status === 'Accepted' ? 'success' : 'neutral'} variant="soft" size="sm">
        {answerLabels[invite.status]}
      </Badge>
    );
  }
  return (
    <RelativeTime
      dateTime={invite.expiresAt}
      prefix={invite.status === 'Expired' ? 'Expired' : 'Expires'}
      className={invite.status === 'Expired' ? 'text-error' : undefined}
    />
  );
}

/** What the invited person needs to decide: the team (name, address, logo), who sent it, the role and the expiry. */
export function InviteDetailsCard({ invite }: { invite: MyInvite }) {
  return (
    <div className="grid gap-4 rounded-xl border bg-surface p-4 sm:p-5">
      <TeamIdentity name={invite.teamName} logoUrl={invite.teamLogoUrl}>
        <p className="text-sm break-all text-muted-foreground">
          Team address <span className="font-mono text-foreground">{invite.teamFriendlyId}</span>
        </p>
      </TeamIdentity>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <div className="grid min-w-0 content-start gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Invited by</dt>
          <dd className="min-w-0 break-words">
            {invite.invitedByName ? (
              <>
                <span className="font-medium">{invite.invitedByName}</span>
                {invite.invitedByEmail && invite.invitedByEmail !== invite.invitedByName && (
                  <span className="block break-all text-muted-foreground">{invite.invitedByEmail}</span>
                )}
              </>
            ) : (
              <span className="text-muted-foreground">A former member</span>
            )}
          </dd>
        </div>
        <div className="grid min-w-0 content-start gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Role</dt>
          <dd>
            <TeamRoleBadge role={invite.teamRole} />
          </dd>
        </div>
        <div className="grid min-w-0 content-start gap-1">
          <dt className="text-xs font-medium text-muted-foreground">
            {invite.status === 'Accepted' || invite.status === 'Declined' ? 'Answer' : 'Expiry'}
          </dt>
          <dd>{expiryOf(invite)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The invite page's details of one invite; nothing when it is not addressed to this account (the page says so). */
export function InviteDetails({ inviteId }: { inviteId: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const query = useQuery(myInviteQueryOptions(graphqlClient, inviteId));
  if (query.isPending) return <Skeleton className="h-36 w-full rounded-xl" />;
  if (!query.data) return null;
  return <InviteDetailsCard invite={query.data} />;
}
