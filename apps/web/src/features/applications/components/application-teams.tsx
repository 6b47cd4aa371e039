import { Link } from '@tanstack/react-router';
import { UsersRoundIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClassName } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import type { ApplicationDetail } from '../api/get-application-by-id';
import type { TeamApplicationStatus } from '../api/get-team-applications';
import { useRevokeTeamApplication } from '../api/revoke-team-application';
import { useUpdateAppStatus } from '../api/update-app-status';
import { cn } from '@/lib/cn';
import { parseError } from '@/lib/graphql-client';
import { GrantApplicationDialog } from './grant-application-dialog';
import { teamLabel } from '@/lib/team-label';

/** The teams granted an application, each with its status, and a way to grant it to another team. */
export function ApplicationTeams({ application }: { application: ApplicationDetail }) {
  const updateAppStatus = useUpdateAppStatus();
  const revokeTeamApplication = useRevokeTeamApplication();
  /** The friendly id of the team whose revoke confirmation is open. */
  const [revoking, setRevoking] = useState<string | null>(null);

  function revoke(team: { friendlyId: string; name: string }) {
    revokeTeamApplication.mutate(
      { friendlyTeamId: team.friendlyId, appId: application.id },
      {
        onSuccess: () => {
          setRevoking(null);
          toast({
            title: 'Application revoked',
            description: `${teamLabel(team)} no longer has ${application.name}.`,
            color: 'success',
          });
        },
        onError: (error) => {
          const { title, message } = parseError(error);
          toast({ title, description: message, color: 'error' });
        },
      },
    );
  }

  function changeStatus(team: { friendlyId: string; name: string }, status: TeamApplicationStatus) {
    updateAppStatus.mutate(
      { friendlyTeamId: team.friendlyId, appId: application.id, status },
      {
        onSuccess: () =>
          toast({
            title: status === 'ENABLED' ? 'Application enabled' : 'Application disabled',
            description: `${application.name} for ${teamLabel(team)}`,
            color: 'success',
          }),
        onError: (error) => {
          const { title, message } = parseError(error);
          toast({ title, description: message, color: 'error' });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Teams</CardTitle>
            <CardDescription>Teams granted this application. A disabled one does not launch.</CardDescription>
          </div>
          <GrantApplicationDialog application={application} />
        </div>
      </CardHeader>
      <CardContent>
        {application.teams.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <UsersRoundIcon aria-hidden className="size-4 shrink-0" />
            No team has this application yet.
          </p>
        ) : (
          <ul aria-label="Teams with this application" className="grid divide-y">
            {application.teams.map((team) => {
              const pending = updateAppStatus.isPending && updateAppStatus.variables.friendlyTeamId === team.friendlyId;
              return (
                <li
                  key={team.friendlyId}
                  className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0"
                >
                  <div className="grid min-w-0 gap-0.5">
                    <Link
                      to="/system/teams/$slug/home"
                      params={{ slug: team.friendlyId }}
                      className="truncate text-sm font-medium hover:underline"
                    >
                      {team.name}
                    </Link>
                    <span className="truncate font-mono text-xs text-muted-foreground">{team.friendlyId}</span>
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    <select
                      aria-label={`Status for ${teamLabel(team)}`}
                      className={cn(inputClassName, 'h-8 w-auto shrink-0 pr-8')}
                      value={team.status}
                      disabled={pending}
                      aria-busy={pending || undefined}
                      onChange={(event) => changeStatus(team, event.target.value as TeamApplicationStatus)}
                    >
                      <option value="ENABLED">Enabled</option>
                      <option value="DISABLED">Disabled</option>
                    </select>
                    <ConfirmDialog
                      open={revoking === team.friendlyId}
                      onOpenChange={(isOpen) => setRevoking(isOpen ? team.friendlyId : null)}
                      trigger={
                        <Button
                          color="neutral"
                          variant="ghost"
                          size="sm"
                          aria-label={`Revoke ${application.name} from ${teamLabel(team)}`}
                        >
                          <XIcon aria-hidden />
                        </Button>
                      }
                      title={`Revoke ${application.name} from ${teamLabel(team)}?`}
                      description="Nobody in the team can see or launch it any more; the team can request it again."
                      confirmLabel="Revoke"
                      isPending={revokeTeamApplication.isPending}
                      onConfirm={() => revoke(team)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
