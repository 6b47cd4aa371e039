import { queryOptions } from '@tanstack/react-query';
import { fetchRuntimeConfig } from '@/lib/config';

/** GET /api/ready: 200 when ready, 503 with the part that is not. */
type Readiness = {
  status: 'ready' | 'unavailable';
  database: 'ok' | 'unreachable';
  migrations: 'applied' | 'pending' | 'unknown';
};

export type InstallationStatus = {
  readiness: Readiness;
  environment: string;
  identityProvider: { kind: 'built-in' | 'external'; issuer: string };
  isMonitoringConfigured: boolean;
  isTagManagerConfigured: boolean;
};

async function fetchReadiness(): Promise<Readiness> {
  const response = await fetch('/api/ready', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (response.status !== 200 && response.status !== 503) {
    throw new Error(`The readiness check answered HTTP status ${response.status}.`);
  }
  return (await response.json()) as Readiness;
}

/**
 * What the server reports about itself through its public endpoints (docs/api.md): readiness and
 * the runtime settings. The built-in provider is the one served under this site's /idp.
 */
export async function fetchInstallationStatus(): Promise<InstallationStatus> {
  const [readiness, config] = await Promise.all([fetchReadiness(), fetchRuntimeConfig()]);
  const builtInIssuer = new URL('/idp', window.location.origin).href;
  return {
    readiness,
    environment: config.environment,
    identityProvider: {
      kind: config.oidc.authority.replace(/\/$/, '') === builtInIssuer ? 'built-in' : 'external',
      issuer: config.oidc.authority,
    },
    isMonitoringConfigured: config.monitoring !== null,
    isTagManagerConfigured: config.tagManagerId !== null,
  };
}

export function getInstallationStatusQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'installation-status'],
    queryFn: fetchInstallationStatus,
    staleTime: 0,
  });
}
