import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Mailer } from '../mail/mailer.js';
import { purgeSignInFailures } from './identity-accounts.js';
import { IDENTITY_PROVIDER_MOUNT_PATH, type IdentityProvider } from './identity-provider.js';
import { registerInteractionRoutes } from './interaction-routes.js';
import { registerPasskeyRoutes } from './passkey-routes.js';
import { purgeExpiredIdentityProviderRecords } from './provider-adapter.js';
import type { IdentityRouteDependencies } from './route-dependencies.js';
import { type MfaPolicy, registerSecondFactorRoutes } from './second-factor-routes.js';

// Resolved from the sources in both `src/idp` and `dist/idp`, so the build needs no copy step.
const assetsDirectory = fileURLToPath(new URL('../../src/idp/assets', import.meta.url));

/** The provider's own endpoints (its default routes), relative to the mount path. */
const providerRoutes = [
  '/.well-known/openid-configuration',
  '/auth',
  '/auth/:uid',
  '/token',
  '/token/revocation',
  '/jwks',
  '/me',
  '/session/end',
  '/session/end/confirm',
  '/session/end/success',
];

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Mounts the built-in OpenID provider under /idp, with its sign-in pages and stylesheet. */
export async function registerIdentityProvider(
  app: FastifyInstance,
  options: Omit<IdentityRouteDependencies, 'provider'> & {
    identityProvider: IdentityProvider;
    mailer: Mailer;
    signup: Config['signup'];
    mfaPolicy: MfaPolicy;
  },
): Promise<void> {
  const { identityProvider, mailer, signup, mfaPolicy, ...shared } = options;
  const { provider } = identityProvider;
  const { db } = shared;
  const routeDependencies: IdentityRouteDependencies = { ...shared, provider };
  const handleWithProvider = provider.callback();
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));

  await app.register((providerScope, _options, registered) => {
    // The provider reads request bodies itself.
    providerScope.removeAllContentTypeParsers();
    providerScope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      // A hijacked reply sends none of Fastify's headers by itself: the security headers go onto the raw answer.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      believeForwardedHeadersAsFastifyDoes(request);
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(IDENTITY_PROVIDER_MOUNT_PATH.length) || '/';
      void handleWithProvider(raw, reply.raw);
    };
    for (const path of providerRoutes) {
      providerScope.route({
        method: ['GET', 'POST', 'OPTIONS'],
        url: `${IDENTITY_PROVIDER_MOUNT_PATH}${path}`,
        handler: forward,
      });
    }
    registered();
  });

  await app.register(async (interactionScope) => {
    const { continueAfterPassword } = registerSecondFactorRoutes(interactionScope, { ...routeDependencies, mfaPolicy });
    registerInteractionRoutes(interactionScope, { ...routeDependencies, continueAfterPassword, mailer, signup });
    registerPasskeyRoutes(interactionScope, routeDependencies);
    await interactionScope.register(fastifyStatic, {
      root: assetsDirectory,
      prefix: `${IDENTITY_PROVIDER_MOUNT_PATH}/assets/`,
      decorateReply: false,
      maxAge: '1h',
    });
  });

  const purgeTimer = setInterval(() => {
    purgeExpiredIdentityProviderRecords(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not purge expired identity provider records'),
    );
    purgeSignInFailures(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not purge old sign-in failure counters'),
    );
  }, PURGE_INTERVAL_MS);
  purgeTimer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(purgeTimer);
    done();
  });
}

/**
 * The provider (Koa with `proxy` on) reads X-Forwarded-Host/-Proto/-For to build its URLs and its client's
 * address. What reaches it is what Fastify concluded under TRUST_PROXY: from a peer that is not a trusted proxy
 * the request's own host, protocol and address, whatever it sent.
 */
function believeForwardedHeadersAsFastifyDoes(request: FastifyRequest): void {
  const { host, protocol, ip } = request;
  const headers = request.raw.headers;
  delete headers['x-forwarded-port'];
  headers['x-forwarded-host'] = host;
  headers['x-forwarded-proto'] = protocol;
  headers['x-forwarded-for'] = ip;
}
