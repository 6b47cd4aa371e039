import { Link } from '@tanstack/react-router';
import { ExternalLinkIcon, SendIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TeamRoleBadge } from '@/components/team-role-badge';
import { isWebAddress } from '@dxp/contracts/web-address';
import type { AppInfoTeam } from '../api/app-info';
import { AppStatusSwitch } from './app-status-switch';
import { NoTeamToRequestFor } from '@/components/application-empty-states';
import { LaunchLink } from '@/components/launch-link';
import { PendingRequestBadge, TeamApplicationStatusBadge } from './status-badges';
import { teamLabel } from '@/lib/team-label';

export interface TeamAccessListProps {
  application: { id: string; name: string; url: string };
  /** Every enabled team of the caller, with its standing (AppInfo.myTeams). */
  teams: AppInfoTeam[];
}

/**
 * The caller's teams and where each stands with one application: enabled (Launch), disabled, a pending
 * request, or nothing yet (Request access). Owners and admins switch a granted application on and off.
 */
export function TeamAccessList({ application, teams }: TeamAccessListProps) {
  if (teams.length === 0) {
    return <NoTeamToRequestFor applicationName={application.name} />;
  }
  return (
    <ul aria-label="Your teams" className="divide-y rounded-xl border bg-surface shadow-xs">
      {teams.map((team) => (
        <li key={team.friendlyId} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <Avatar name={team.name} size="lg" className="rounded-lg" />
            <div className="grid min-w-0 gap-1">
              <AppLink href={`/teams/${team.friendlyId}/home`} className="truncate text-sm font-medium hover:underline">
                {team.name}
              </AppLink>
              <div className="flex flex-wrap items-center gap-2">
                <TeamRoleBadge role={team.roleName} />
                <span className="truncate font-mono text-xs text-muted-foreground">{team.friendlyId}</span>
                {team.status && !team.canManage && <TeamApplicationStatusBadge status={team.status} />}
                {!team.status && team.hasPendingRequest && <PendingRequestBadge />}
              </div>
            </div>
          </div>
          <div className="flex min-h-8 flex-wrap items-center justify-between gap-4 sm:justify-end">
            {team.status && team.canManage && (
              <AppStatusSwitch
                team={team}
                application={application}
                status={team.status}
                accessibleName={`Enabled for ${teamLabel(team)}`}
              />
            )}
            <TeamAccessAction application={application} team={team} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function TeamAccessAction({
  application,
  team,
}: {
  application: TeamAccessListProps['application'];
  team: AppInfoTeam;
}) {
  if (team.status === 'ENABLED') {
    return isWebAddress(application.url) ? (
      <Button asChild size="sm">
        <LaunchLink launches={{ id: application.id, type: 'APPLICATION', url: application.url }}>
          Launch <span className="sr-only">{`${application.name} for ${teamLabel(team)}`}</span>
          <ExternalLinkIcon aria-hidden />
        </LaunchLink>
      </Button>
    ) : null;
  }
  if (team.status === 'DISABLED') {
    return team.canManage ? null : (
      <span className="text-sm text-muted-foreground">Switched off by the team’s admins</span>
    );
  }
  if (team.hasPendingRequest) {
    return <span className="text-sm text-muted-foreground">Waiting for an administrator</span>;
  }
  return (
    <Button asChild size="sm" color="neutral" variant="outline">
      <Link to="/apps/$id/request" params={{ id: application.id }} search={{ team: team.friendlyId }}>
        <SendIcon aria-hidden />
        Request access <span className="sr-only">for {teamLabel(team)}</span>
      </Link>
    </Button>
  );
}
