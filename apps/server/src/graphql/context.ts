import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.js';
import type { OperationRateLimit, OperationRateLimiter } from '../auth/rate-limit.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { RequestLoaders } from './loaders.js';

/**
 * Turns an `Authorization` header into the caller. Resolves `null` without a header and throws
 * `AppError('AUTH_NOT_AUTHENTICATED')` for a bad, expired or revoked token or key.
 */
export interface Authenticator {
  authenticate(authorizationHeader: string | undefined): Promise<Actor | null>;
}

export interface GraphqlContext {
  requestId: string;
  logger: Logger;
  config: Config;
  db: Database;
  loaders: RequestLoaders;
  /** The caller, authenticated on first use and at most once per request. */
  actor(): Promise<Actor | null>;
  /** The caller once `actor()` has settled; scope-auth uses it to tell 401 from 403. */
  settledActor(): Actor | null | undefined;
  /** Counts this call against a per-client-address limit; throws RATE_LIMITED past it. */
  enforceRateLimit(limit: OperationRateLimit): Promise<void>;
  /** Counts a request with mutations against the person's limit (MUTATION_RATE_LIMIT_PER_MINUTE); throws RATE_LIMITED past it. */
  enforceMutationRateLimit(userId: string): Promise<void>;
}

export interface ContextDependencies {
  config: Config;
  db: Database;
  authenticator: Authenticator;
  rateLimiter: OperationRateLimiter;
}

export function createGraphqlContext(request: FastifyRequest, dependencies: ContextDependencies): GraphqlContext {
  const { config, db, authenticator, rateLimiter } = dependencies;
  let settled: Actor | null | undefined;
  let pending: Promise<Actor | null> | undefined;
  return {
    requestId: request.id,
    logger: request.log as unknown as Logger,
    config,
    db,
    loaders: new RequestLoaders({ db }),
    actor: () => {
      pending ??= authenticator.authenticate(request.headers.authorization).then((actor) => {
        settled = actor;
        return actor;
      });
      return pending;
    },
    settledActor: () => settled,
    enforceRateLimit: (limit) => rateLimiter(request, limit),
    enforceMutationRateLimit: (userId) =>
      rateLimiter(request, {
        operation: 'mutations',
        max: config.mutationRateLimitPerMinute,
        timeWindow: '1 minute',
        subject: userId,
      }),
  };
}

/** The signed-in caller; for resolvers behind the `authenticated` scope, so a miss is a 401, never a crash. */
export async function requireActor(context: GraphqlContext): Promise<Actor> {
  const actor = await context.actor();
  if (!actor) throw new AppError('AUTH_NOT_AUTHENTICATED', 'Sign in to do this.');
  return actor;
}

/**
 * The issuer of the portal's own identity provider, `undefined` when people sign in at an external one: services
 * change passwords and second factors only of accounts of this issuer.
 */
export const builtInIssuerOf = (identity: Config['identity']): string | undefined =>
  identity.kind === 'built-in' ? identity.issuer : undefined;
