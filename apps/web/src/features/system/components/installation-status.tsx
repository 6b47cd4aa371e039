import { CircleAlertIcon, CircleCheckIcon, CircleMinusIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ToneColour } from '@/components/ui/tone';
import type { InstallationStatus as Status } from '../api/get-installation-status';

type Health = 'ok' | 'failing' | 'off';

const healthLooks: Record<Health, { colour: ToneColour; icon: LucideIcon }> = {
  ok: { colour: 'success', icon: CircleCheckIcon },
  failing: { colour: 'error', icon: CircleAlertIcon },
  off: { colour: 'neutral', icon: CircleMinusIcon },
};

function StatusRow({
  name,
  health,
  state,
  details,
}: {
  name: string;
  health: Health;
  state: string;
  details?: ReactNode;
}) {
  const { colour, icon: Icon } = healthLooks[health];
  return (
    <div className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <dt className="grid min-w-0 gap-1">
        <span className="text-sm font-medium">{name}</span>
        {details && <span className="text-sm break-words text-muted-foreground">{details}</span>}
      </dt>
      <dd className="shrink-0">
        <Badge color={colour}>
          <Icon aria-hidden />
          {state}
        </Badge>
      </dd>
    </div>
  );
}

export function InstallationStatus({ status }: { status: Status }) {
  const { readiness, identityProvider } = status;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Installation</CardTitle>
        <CardDescription>What this server reports about itself right now.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <StatusRow
            name="Database"
            health={readiness.database === 'ok' ? 'ok' : 'failing'}
            state={readiness.database === 'ok' ? 'Connected' : 'Unreachable'}
          />
          <StatusRow
            name="Database migrations"
            health={readiness.migrations === 'applied' ? 'ok' : 'failing'}
            state={
              readiness.migrations === 'applied'
                ? 'Applied'
                : readiness.migrations === 'pending'
                  ? 'Pending'
                  : 'Unknown'
            }
          />
          <StatusRow
            name="Identity provider"
            health="ok"
            state={identityProvider.kind === 'built-in' ? 'Built-in' : 'External'}
            details={identityProvider.issuer}
          />
          <StatusRow name="Environment" health="ok" state={status.environment} />
          <StatusRow
            name="Browser monitoring"
            health={status.isMonitoringConfigured ? 'ok' : 'off'}
            state={status.isMonitoringConfigured ? 'Configured' : 'Off'}
          />
          <StatusRow
            name="Tag manager"
            health={status.isTagManagerConfigured ? 'ok' : 'off'}
            state={status.isTagManagerConfigured ? 'Configured' : 'Off'}
          />
        </dl>
      </CardContent>
    </Card>
  );
}
