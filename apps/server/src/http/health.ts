import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, isMigrated } from '../db/client.js';

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/api/health', async () => ({ status: 'ok' }));

  app.get('/api/ready', async (request, reply) => {
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
