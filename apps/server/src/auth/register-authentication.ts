import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import { createIdentityProvider } from '../idp/identity-provider.js';
import { registerIdentityProvider } from '../idp/register-identity-provider.js';
import { createAccessTokens } from './access-tokens.js';
import { registerAuthRoutes } from './auth-routes.js';
import type { Authenticator } from './authenticator.js';
import { createConfiguredProviderTokens } from './provider-tokens.js';

/** The token exchange routes and, unless an external issuer is configured, the built-in provider. */
export async function registerAuthentication(
  app: FastifyInstance,
  {
    config,
    database,
    authenticator,
    mailer,
  }: { config: Config; database: DatabaseHandle; authenticator: Authenticator; mailer: Mailer },
): Promise<void> {
  let builtInProviderKeys: JSONWebKeySet | undefined;
  if (config.identity.kind === 'built-in') {
    const identityProvider = await createIdentityProvider(database.db, config);
    await registerIdentityProvider(app, {
      identityProvider,
      db: database.db,
      publicUrl: config.publicUrl,
      issuer: config.identity.issuer,
      mailer,
      signup: config.signup,
      rateLimitPerMinute: config.authRateLimitPerMinute,
      mfaPolicy: config.mfaPolicy,
    });
    builtInProviderKeys = identityProvider.publicKeys;
  }
  registerAuthRoutes(app, {
    config,
    database,
    authenticator,
    accessTokens: await createAccessTokens(database.db, config),
    providerTokens: createConfiguredProviderTokens(config.identity, builtInProviderKeys),
  });
}
