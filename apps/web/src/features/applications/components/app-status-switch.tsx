import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useUpdateAppStatus } from '../api/update-app-status';
import type { TeamApplicationStatus } from '../api/get-team-applications';

export interface AppStatusSwitchProps {
  team: { friendlyId: string; name: string };
  application: { id: string; name: string };
  status: TeamApplicationStatus;
  /** Says which switch this is where there are several, e.g. "Enabled for Acme" or "Billing enabled". */
  accessibleName: string;
}

/**
 * For a team's owners and admins (and system admins): switches an application granted to the team on or
 * off. It shows the new position at once and returns to the old one if the server refuses.
 */
export function AppStatusSwitch({ team, application, status, accessibleName }: AppStatusSwitchProps) {
  const id = useId();
  const updateAppStatus = useUpdateAppStatus();
  const shownStatus = updateAppStatus.isPending ? updateAppStatus.variables.status : status;
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={shownStatus === 'ENABLED'}
        aria-label={accessibleName}
        aria-busy={updateAppStatus.isPending || undefined}
        onCheckedChange={(checked) =>
          updateAppStatus.mutate(
            { friendlyTeamId: team.friendlyId, appId: application.id, status: checked ? 'ENABLED' : 'DISABLED' },
            {
              onSuccess: () =>
                toast({
                  title: checked ? `${application.name} enabled` : `${application.name} disabled`,
                  description: checked
                    ? `Everyone in ${team.name} can launch it again.`
                    : `Nobody in ${team.name} can launch it until it is enabled again.`,
                  color: 'success',
                }),
              onError: (error) => {
                const { title, message } = parseError(error);
                toast({ title, description: message, color: 'error' });
              },
            },
          )
        }
      />
      {/* The label says the switch's position, so it never reads Enabled while off. */}
      <Label htmlFor={id} className="font-normal text-muted-foreground">
        {shownStatus === 'ENABLED' ? 'Enabled' : 'Disabled'}
      </Label>
    </div>
  );
}
