/** The runtime public settings served by GET /api/config (docs/api.md). */
export interface RuntimeConfig {
  environment: string;
  oidc: {
    /** The built-in provider (`npm start`'s) or an external one; passwords are changed in the portal only for the first. */
    kind: 'built-in' | 'external';
    authority: string;
    clientId: string;
    audience?: string | null;
    redirectUri: string;
    postLogoutRedirectUri: string;
    scope: string;
    organization?: string | null;
  };
  monitoring: { clientToken: string; site: string; service: string } | null;
  tagManagerId: string | null;
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/**
 * The runtime settings the server wrote into the page (`<script type="application/json" id="runtime-config">`,
 * apps/server/src/http/spa.ts), so the first render waits for no request; GET /api/config when the page has none.
 */
export async function loadRuntimeConfig(fetchImplementation: typeof fetch = fetch): Promise<RuntimeConfig> {
  const embedded = document.getElementById('runtime-config')?.textContent;
  if (!embedded) return fetchRuntimeConfig(fetchImplementation);
  return parseRuntimeConfig(parsedJson(embedded));
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RuntimeConfigError('Invalid runtime configuration: the page holds no JSON');
  }
}

async function fetchRuntimeConfig(fetchImplementation: typeof fetch): Promise<RuntimeConfig> {
  const response = await fetchImplementation('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new RuntimeConfigError(`Unable to load the runtime configuration (HTTP ${response.status})`);
  }
  return parseRuntimeConfig(await response.json());
}

/**
 * Checks the shape of our own server's settings. Hand-written rather than a zod schema because it
 * runs before the first paint and zod would add a fifth to the start-up bundle.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const config = objectAt(value, 'config');
  const oidc = objectAt(config.oidc, 'oidc');
  const monitoring = config.monitoring === null ? null : objectAt(config.monitoring, 'monitoring');
  return {
    environment: textAt(config.environment, 'environment'),
    oidc: {
      kind: oidc.kind === 'built-in' ? 'built-in' : 'external',
      authority: urlAt(oidc.authority, 'oidc.authority'),
      clientId: textAt(oidc.clientId, 'oidc.clientId'),
      audience: optionalTextAt(oidc.audience, 'oidc.audience'),
      redirectUri: urlAt(oidc.redirectUri, 'oidc.redirectUri'),
      postLogoutRedirectUri: urlAt(oidc.postLogoutRedirectUri, 'oidc.postLogoutRedirectUri'),
      scope: textAt(oidc.scope, 'oidc.scope'),
      organization: optionalTextAt(oidc.organization, 'oidc.organization'),
    },
    monitoring: monitoring && {
      clientToken: textAt(monitoring.clientToken, 'monitoring.clientToken'),
      site: textAt(monitoring.site, 'monitoring.site'),
      service: textAt(monitoring.service, 'monitoring.service'),
    },
    tagManagerId: optionalTextAt(config.tagManagerId, 'tagManagerId') ?? null,
  };
}

function invalid(path: string, expected: string): never {
  throw new RuntimeConfigError(`Invalid runtime configuration: ${path} must be ${expected}`);
}

function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(path, 'an object');
  return value as Record<string, unknown>;
}

function textAt(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') invalid(path, 'a non-empty string');
  return value;
}

function optionalTextAt(value: unknown, path: string): string | null | undefined {
  return value === null || value === undefined ? value : textAt(value, path);
}

function urlAt(value: unknown, path: string): string {
  const text = textAt(value, path);
  if (!URL.canParse(text)) invalid(path, 'an absolute URL');
  return text;
}
