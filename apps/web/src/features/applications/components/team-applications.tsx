import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, ExternalLinkIcon, SendIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { isWebAddress } from '@dxp/contracts/web-address';
import { useTeamApplications, type TeamApplication, type TeamReference } from '../api/get-team-applications';
import { useTeamAvailableApps } from '../api/get-team-available-apps';
import { ApplicationLogo } from './application-logo';
import { AppStatusSwitch } from './app-status-switch';
import { NoApplicationsYet } from '@/components/application-empty-states';
import { LaunchLink } from '@/components/launch-link';
import { PendingRequestBadge, TeamApplicationStatusBadge } from './status-badges';

type Team = TeamReference & { name: string };

export interface TeamApplicationsProps {
  team: Team;
  /** Owners, admins and system admins switch the team's applications on and off. */
  canManage: boolean;
  /** System admins: a system administrator's Disabled binds everyone else. */
  canOverrideSystemAdmin: boolean;
}

/** The applications granted to a team: launch the enabled ones; managers switch each on or off. */
export function TeamApplications({ team, canManage, canOverrideSystemAdmin }: TeamApplicationsProps) {
  const applications = useTeamApplications(team);
  return (
    <section aria-labelledby="team-applications-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="team-applications-heading" className="text-lg font-semibold">
          Applications
        </h2>
        {applications.length > 0 && (
          <ButtonLink href="/apps" color="primary" variant="link" size="sm">
            Browse the catalogue
            <ArrowRightIcon aria-hidden />
          </ButtonLink>
        )}
      </div>
      {applications.length === 0 ? (
        <NoApplicationsYet
          title="No applications for this team yet"
          text="Browse the catalogue and request what the team needs; approved applications appear here."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {applications.map((application) => (
            <li key={application.id}>
              <TeamApplicationTile
                team={team}
                application={application}
                canManage={canManage}
                canOverrideSystemAdmin={canOverrideSystemAdmin}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TeamApplicationTile({
  team,
  application,
  canManage,
  canOverrideSystemAdmin,
}: {
  team: Team;
  application: TeamApplication;
  canManage: boolean;
  canOverrideSystemAdmin: boolean;
}) {
  // The server refuses the team's owners and admins a switch a system administrator turned off.
  const lockedBySystemAdmin = application.disabledBySystemAdmin && !canOverrideSystemAdmin;
  return (
    <div className="flex h-32 flex-col justify-between gap-3 rounded-xl border bg-surface p-4 shadow-xs">
      <div className="flex min-w-0 items-start gap-3">
        <ApplicationLogo application={application} size="xl" />
        <div className="grid min-w-0 gap-0.5">
          <AppLink href={`/apps/${application.id}`} className="truncate font-medium hover:underline">
            {application.name}
          </AppLink>
          <span className="truncate text-sm text-muted-foreground">{application.description || 'No description.'}</span>
        </div>
      </div>
      <div className="flex items-center justify-between gap-3">
        {canManage && !lockedBySystemAdmin ? (
          <AppStatusSwitch
            team={team}
            application={application}
            status={application.status}
            accessibleName={`${application.name} enabled`}
          />
        ) : (
          <div className="grid gap-1">
            <TeamApplicationStatusBadge status={application.status} />
            {application.disabledBySystemAdmin && (
              <span className="text-xs text-muted-foreground">Disabled by a system administrator</span>
            )}
          </div>
        )}
        {application.status === 'ENABLED' && isWebAddress(application.url) && (
          <Button asChild size="sm">
            <LaunchLink launches={{ id: application.id, type: 'APPLICATION', url: application.url }}>
              Launch <span className="sr-only">{application.name}</span>
              <ExternalLinkIcon aria-hidden />
            </LaunchLink>
          </Button>
        )}
      </div>
    </div>
  );
}

/** The catalogue's other applications, for a member to request for the team (or see that a request is pending). */
export function TeamAvailableApplications({ team }: { team: Team }) {
  const query = useTeamAvailableApps(team.friendlyId);
  const applications = query.data.pages.flatMap((page) => page.nodes ?? []);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="team-available-applications-heading">Available to request</CardTitle>
        <CardDescription>
          {applications.length === 0
            ? 'No other applications in the catalogue.'
            : 'An administrator reviews each request.'}
        </CardDescription>
      </CardHeader>
      {applications.length > 0 && (
        <CardContent className="flex flex-col gap-4">
          <ul aria-labelledby="team-available-applications-heading" className="flex flex-col gap-3">
            {applications.map((application) => (
              <li key={application.id} className="flex items-center gap-3">
                <ApplicationLogo application={application} size="md" />
                <AppLink
                  href={`/apps/${application.id}`}
                  className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                >
                  {application.name}
                </AppLink>
                {application.hasPendingRequest ? (
                  <PendingRequestBadge />
                ) : (
                  <Button asChild color="neutral" variant="outline" size="xs">
                    <Link to="/apps/$id/request" params={{ id: application.id }} search={{ team: team.friendlyId }}>
                      <SendIcon aria-hidden />
                      Request <span className="sr-only">{application.name}</span>
                    </Link>
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} />
        </CardContent>
      )}
    </Card>
  );
}
