import { randomUUID } from 'node:crypto';
import fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createAuthenticator } from './auth/authenticator.js';
import { registerRateLimiting } from './auth/rate-limit.js';
import { registerAuthentication } from './auth/register-authentication.js';
import { registerGraphql } from './graphql/server.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandling } from './http/errors.js';
import { registerHealthRoutes } from './http/health.js';
import { attachLiveBus } from './live/after-commit.js';
import { createLiveBus } from './live/live-bus.js';
import { registerLiveRoutes } from './live/live-routes.js';
import { registerDevMailbox } from './mail/dev-mailbox.js';
import { createMailer } from './mail/mailer.js';
import { publicConfigOf, registerPublicConfig } from './http/public-config.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.js';
import { registerEventLogExport } from './modules/event-logs/event-log-export.js';
import { registerEventLogRetention } from './modules/event-logs/event-log-retention.js';
import { registerNotificationMail } from './modules/notifications/notification-mail-routes.js';
import { refusingUnacceptedTerms } from './modules/users/terms-of-service.js';
import { registerWebhookRoutes } from './modules/webhooks/webhook-routes.js';
import type { Logger } from 'pino';

/** Where the process is in its life: while draining before shutdown, traffic is steered elsewhere. */
export interface AppLifecycle {
  isDraining(): boolean;
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  lifecycle?: AppLifecycle;
}

const neverDraining: AppLifecycle = { isDraining: () => false };

/** One megabyte: larger request bodies are refused with 413. */
export const BODY_LIMIT_BYTES = 1_048_576;

/**
 * The access log: one line per request. The path is logged without its query string, which can carry
 * a credential (`/api/auth/refresh?expiredToken=…`).
 */
function logRequestCompleted(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const queryStart = request.url.indexOf('?');
  request.log.info(
    {
      method: request.method,
      path: queryStart === -1 ? request.url : request.url.slice(0, queryStart),
      statusCode: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request completed',
  );
  done();
}

/** Builds the whole HTTP application; `main.ts` listens on it and tests inject requests into it. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database, logger, lifecycle = neverDraining } = dependencies;
  // Typed as Fastify's own logger, so the instance's type is the one every route module takes.
  const fastifyLogger: FastifyBaseLogger = logger;
  const app = fastify({
    loggerInstance: fastifyLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // One access line per request instead of Fastify's two (see `logRequestCompleted`).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', logRequestCompleted);
  // Hooks that do not wait for anything take Fastify's callback, which costs no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // Each keep-alive connection closes after its current response, so none is idle (and reset) at shutdown.
    if (lifecycle.isDraining()) reply.header('connection', 'close');
    done(null, payload);
  });

  // The API reads JSON only: a text/plain body (which Fastify parses by default) is what a cross-site
  // page can send without a preflight, and no route of ours takes one.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  registerHealthRoutes(app, { database, lifecycle });
  registerPublicConfig(app, config);
  await registerRateLimiting(app, config);
  const authenticator = await createAuthenticator({ config, database });
  const mailer = createMailer({ config, logger });
  // Development without SMTP: the mail it would have sent, at /dev/mailbox (never in production).
  if (mailer.outbox && !config.isProduction) registerDevMailbox(app, mailer.outbox);
  await registerAuthentication(app, { config, database, authenticator, mailer });
  await registerNotificationMail(app, { config, db: database.db, mailer });
  registerGraphql(app, { config, database, authenticator });
  // Live events for open pages, across replicas through Redis or PostgreSQL (docs/decisions/0128).
  const liveBus = await createLiveBus({ config, database, logger });
  const detachLiveBus = attachLiveBus(database.db, liveBus, logger);
  app.addHook('onClose', async () => {
    detachLiveBus();
    await liveBus.close();
  });
  registerLiveRoutes(app, { authenticator: refusingUnacceptedTerms(authenticator), bus: liveBus });
  await registerWebhookRoutes(app, { config, db: database.db });
  registerEventLogExport(app, { db: database.db, authenticator: refusingUnacceptedTerms(authenticator) });
  registerEventLogRetention(app, { db: database.db, config });
  await registerSpa(app, undefined, { serveSourceMaps: !config.isProduction, runtimeConfig: publicConfigOf(config) });
  return app;
}
