import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** What the SPA needs at run time (docs/spec.md §7, "runtime public settings"); nothing secret. */
export function publicConfigOf(config: Config) {
  return {
    environment: config.environment,
    oidc: {
      /** built-in or external: the SPA offers a password change only for accounts of the built-in provider. */
      kind: config.identity.kind,
      authority: config.identity.issuer,
      clientId: config.identity.clientId,
      /** OIDC_API_AUDIENCE, sent as the authorize request's `audience` (Auth0); null for every other provider. */
      audience: config.identity.apiAudience ?? null,
      redirectUri: `${config.publicUrl}/auth/callback`,
      postLogoutRedirectUri: `${config.publicUrl}/`,
      scope: 'openid profile email offline_access',
      organization: config.identity.organization ?? null,
    },
    monitoring: config.monitoring
      ? { clientToken: config.monitoring.clientToken, site: config.monitoring.site, service: 'dxp-portal' }
      : null,
    tagManagerId: config.tagManagerId ?? null,
  };
}

export type PublicConfig = ReturnType<typeof publicConfigOf>;

export function registerPublicConfig(app: FastifyInstance, config: Config): void {
  const body = publicConfigOf(config);
  app.get('/api/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
