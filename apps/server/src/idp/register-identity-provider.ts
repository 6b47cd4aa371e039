import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseExecutor } from '../db/client.js';
import { IDENTITY_PROVIDER_MOUNT_PATH, type IdentityProvider } from './identity-provider.js';
import { registerInteractionRoutes } from './interaction-routes.js';
import { purgeExpiredIdentityProviderRecords } from './provider-adapter.js';

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
  {
    identityProvider,
    db,
    publicUrl,
    rateLimitPerMinute,
  }: { identityProvider: IdentityProvider; db: DatabaseExecutor; publicUrl: string; rateLimitPerMinute: number },
): Promise<void> {
  const { provider } = identityProvider;
  const handleWithProvider = provider.callback();
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));

  await app.register(async (providerScope) => {
    // The provider reads request bodies itself.
    providerScope.removeAllContentTypeParsers();
    providerScope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
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
  });

  await app.register(async (interactionScope) => {
    registerInteractionRoutes(interactionScope, { provider, db, publicUrl, rateLimitPerMinute });
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
  }, PURGE_INTERVAL_MS);
  purgeTimer.unref();
  app.addHook('onClose', async () => clearInterval(purgeTimer));
}
