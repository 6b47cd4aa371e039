import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { isMigrated } from '../../db/client.js';
import type { Database } from '../../db/client.js';

/**
 * What a system administrator may know about how the installation runs. Only kinds and yes/no answers:
 * never a connection string, password, secret or token (the SMTP URL carries a password, so it is left out).
 */
export interface InstallationStatus {
  version: string;
  environment: string;
  database: {
    kind: 'pglite' | 'postgres';
    isReachable: boolean;
    areMigrationsApplied: boolean;
    /** PostgreSQL's `server_version`; null when the database did not answer. */
    serverVersion: string | null;
  };
  identityProvider: {
    kind: 'built-in' | 'external';
    issuer: string;
    /** SIGNUP_MODE and SIGNUP_ALLOWED_DOMAINS; null with an external provider, which decides who has an account. */
    signup: Config['signup'] | null;
  };
  mail: { isConfigured: boolean; fromAddress: string | null };
  isBillingWebhookSecretConfigured: boolean;
  rateLimitStore: 'memory' | 'redis';
  isMonitoringConfigured: boolean;
  isTagManagerConfigured: boolean;
}

/** apps/server/package.json, the same number of folders up from src/ and from dist/. */
const serverPackageUrl = new URL('../../../package.json', import.meta.url);
let serverVersion: Promise<string> | undefined;

/** The version in apps/server/package.json, read once. */
export function readServerVersion(): Promise<string> {
  serverVersion ??= readFile(serverPackageUrl, 'utf8').then((text) => {
    const { version } = JSON.parse(text) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  });
  return serverVersion;
}

async function readDatabaseStatus(
  db: Database,
  kind: Config['database']['kind'],
): Promise<InstallationStatus['database']> {
  try {
    const result = (await db.execute(sql`select current_setting('server_version') as version`)) as {
      rows: { version: string }[];
    };
    return {
      kind,
      isReachable: true,
      areMigrationsApplied: await isMigrated({ db }),
      serverVersion: result.rows[0]?.version ?? null,
    };
  } catch {
    return { kind, isReachable: false, areMigrationsApplied: false, serverVersion: null };
  }
}

export async function readInstallationStatus(options: { db: Database; config: Config }): Promise<InstallationStatus> {
  const { db, config } = options;
  return {
    version: await readServerVersion(),
    environment: config.environment,
    database: await readDatabaseStatus(db, config.database.kind),
    identityProvider: {
      kind: config.identity.kind,
      issuer: config.identity.issuer,
      signup: config.identity.kind === 'built-in' ? config.signup : null,
    },
    mail: { isConfigured: config.mail !== undefined, fromAddress: config.mail?.from ?? null },
    isBillingWebhookSecretConfigured: config.billingWebhookSecrets.length > 0,
    rateLimitStore: config.redisUrl ? 'redis' : 'memory',
    isMonitoringConfigured: config.monitoring !== undefined,
    isTagManagerConfigured: config.tagManagerId !== undefined,
  };
}
