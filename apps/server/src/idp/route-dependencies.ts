import type Provider from 'oidc-provider';
import type { DatabaseExecutor } from '../db/client.js';

/** What each group of the built-in provider's page routes (sign-in, second step, passkeys) is given. */
export interface IdentityRouteDependencies {
  provider: Provider;
  db: DatabaseExecutor;
  publicUrl: string;
  /** The built-in provider's issuer, which names its accounts in the portal's users table. */
  issuer: string;
  /** Sign-in attempts and sign-ups per client address and minute; failures per email address are throttled too. */
  rateLimitPerMinute: number;
}
