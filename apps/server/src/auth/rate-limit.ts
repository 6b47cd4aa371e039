import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/**
 * Makes `config: { rateLimit: { max, timeWindow } }` work on any route. Counters live in Redis when
 * REDIS_URL is set, so every replica counts together; otherwise in this process's memory.
 */
export async function registerRateLimiting(app: FastifyInstance, config: Pick<Config, 'redisUrl'>): Promise<void> {
  // Loaded only when configured: a single replica never needs the Redis client in memory.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'dxp-rate-limit:',
    // A broken Redis must not lock everyone out.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests: try again in ${context.after}`),
  });
}

/** A limit on one GraphQL operation per client address, e.g. `{ operation: 'contactUs', max: 5, timeWindow: '10 minutes' }`. */
export interface OperationRateLimit {
  operation: string;
  max: number;
  timeWindow: string;
  /** Whom the limit counts, such as a user id; the client address when left out. */
  subject?: string;
}

/** Throws RATE_LIMITED (with `retryAfterSeconds`) once the request's client address or subject has used up the limit. */
export type OperationRateLimiter = (request: FastifyRequest, limit: OperationRateLimit) => Promise<void>;

/**
 * Limits for single GraphQL operations, counted in the same store as the route limits (Redis when
 * configured). One counter per operation, created on first use.
 */
export function createOperationRateLimiter(app: FastifyInstance): OperationRateLimiter {
  const checks = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  // The subject of the check under way: the store asks the key generator for it at the start of the check.
  const subjects = new WeakMap<FastifyRequest, string>();
  return async (request, limit) => {
    let check = checks.get(limit.operation);
    if (!check) {
      check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.timeWindow,
        keyGenerator: (limitedRequest) => `${limit.operation}:${subjects.get(limitedRequest) ?? limitedRequest.ip}`,
      });
      checks.set(limit.operation, check);
    }
    if (limit.subject === undefined) subjects.delete(request);
    else subjects.set(request, limit.subject);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('RATE_LIMITED', `Too many requests: try again in ${result.ttlInSeconds} seconds.`, {
        retryAfterSeconds: Math.max(1, result.ttlInSeconds),
      });
    }
  };
}
