import { CircleAlertIcon, CircleCheckIcon, CircleMinusIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ToneColour } from '@/components/ui/tone';
import type { InstallationStatus as Status } from '../api/get-installation-status';

/** `fact` is a value, not a state (the version). */
type Health = 'ok' | 'failing' | 'warning' | 'off' | 'fact';

const healthLooks: Record<Health, { colour: ToneColour; icon?: LucideIcon }> = {
  ok: { colour: 'success', icon: CircleCheckIcon },
  failing: { colour: 'error', icon: CircleAlertIcon },
  warning: { colour: 'warning', icon: CircleAlertIcon },
  off: { colour: 'neutral', icon: CircleMinusIcon },
  fact: { colour: 'neutral' },
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
          {Icon && <Icon aria-hidden />}
          {state}
        </Badge>
      </dd>
    </div>
  );
}

interface FeatureState {
  state: string;
  details?: ReactNode;
}

/** A feature an installation may leave off: healthy when configured, "off" (not failing) when not. */
function OptionalFeatureRow({
  name,
  isConfigured,
  configured = { state: 'Configured' },
  notConfigured = { state: 'Off' },
}: {
  name: string;
  isConfigured: boolean;
  configured?: FeatureState;
  notConfigured?: FeatureState;
}) {
  return (
    <StatusRow name={name} health={isConfigured ? 'ok' : 'off'} {...(isConfigured ? configured : notConfigured)} />
  );
}

function DatabaseRow({ database }: { database: Status['database'] }) {
  const kind = database.kind === 'POSTGRESQL' ? 'PostgreSQL' : 'PGlite (embedded)';
  if (!database.isReachable) {
    return <StatusRow name="Database" health="failing" state="Unreachable" details={kind} />;
  }
  const version = database.serverVersion ? `${kind}, version ${database.serverVersion}` : kind;
  return database.areMigrationsApplied ? (
    <StatusRow name="Database" health="ok" state="Connected" details={`${version}; all migrations applied.`} />
  ) : (
    <StatusRow name="Database" health="warning" state="Migrations pending" details={version} />
  );
}

/** How the installation runs, as the server reports it: kinds and yes/no answers, never a secret. */
/** SIGNUP_MODE in words: who may create an account at the built-in provider. */
const signupModeLabels = {
  OPEN: 'Open to anyone',
  DOMAINS: 'Listed domains only',
  INVITE: 'Invited people only',
  CLOSED: 'Closed: administrators add people',
} as const;

export function InstallationStatus({ status }: { status: Status }) {
  const { identityProvider, mail } = status;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Installation</CardTitle>
        <CardDescription>What this server reports about itself right now.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <StatusRow
            name="Version"
            health="fact"
            state={status.version}
            details={`Environment: ${status.environment}`}
          />
          <DatabaseRow database={status.database} />
          <StatusRow
            name="Identity provider"
            health="ok"
            state={identityProvider.kind === 'BUILT_IN' ? 'Built-in' : 'External'}
            details={identityProvider.issuer}
          />
          {identityProvider.signupMode && (
            <StatusRow
              name="Sign-up"
              health="fact"
              state={signupModeLabels[identityProvider.signupMode]}
              details={
                identityProvider.signupMode === 'DOMAINS'
                  ? `Addresses at ${identityProvider.signupAllowedDomains.join(', ')} (SIGNUP_MODE=domains).`
                  : `SIGNUP_MODE=${identityProvider.signupMode.toLowerCase()}`
              }
            />
          )}
          <OptionalFeatureRow
            name="Mail"
            isConfigured={mail.isConfigured}
            configured={{ state: 'SMTP configured', details: `Sent as ${mail.fromAddress ?? 'the default sender'}.` }}
            notConfigured={{
              state: 'Off',
              details: 'Without SMTP_URL, invites and messages arrive as notifications only.',
            }}
          />
          <OptionalFeatureRow
            name="Billing webhooks"
            isConfigured={status.isBillingWebhookSecretConfigured}
            configured={{ state: 'Secret configured' }}
            notConfigured={{
              state: 'Not configured',
              details: 'Without BILLING_WEBHOOK_SECRET, billing webhooks are refused.',
            }}
          />
          <StatusRow
            name="Rate-limit store"
            health="ok"
            state={status.rateLimitStore === 'REDIS' ? 'Redis' : 'In memory'}
            details={
              status.rateLimitStore === 'REDIS'
                ? 'Shared by every replica.'
                : 'Counted per process; set REDIS_URL when running several replicas.'
            }
          />
          <OptionalFeatureRow name="Browser monitoring" isConfigured={status.isMonitoringConfigured} />
          <OptionalFeatureRow name="Tag manager" isConfigured={status.isTagManagerConfigured} />
        </dl>
      </CardContent>
    </Card>
  );
}
