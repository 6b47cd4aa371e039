import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/**
 * Makes `config: { rateLimit: { max, timeWindow } }` work on any route. Counters live in Redis when
 * REDIS_URL is set, so every replica counts together; otherwise in this process's memory.
 */
export async function registerRateLimiting(app: FastifyInstance, config: Pick<Config, 'redisUrl'>): Promise<void> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1, lazyConnect: false })
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
