import type { FastifyInstance } from 'fastify';
import type { AppLifecycle } from '../app.js';
import { type DatabaseHandle, isMigrated } from '../db/client.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; lifecycle: AppLifecycle },
): void {
  const { database, lifecycle } = options;
  app.get('/api/health', () => ({ status: 'ok' }));

  app.get('/api/ready', async (request, reply) => {
    if (lifecycle.isDraining()) return reply.status(503).send({ status: 'draining' });
    try {
      await database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable', migrations: 'unknown' });
    }
    const migrated = await isMigrated(database);
    if (!migrated) {
      return reply.status(503).send({ status: 'unavailable', database: 'ok', migrations: 'pending' });
    }
    return { status: 'ready', database: 'ok', migrations: 'applied' };
  });
}
