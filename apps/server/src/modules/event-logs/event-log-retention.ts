import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { pruneEventLogs } from './event-logs.service.js';

const DAY_MS = 86_400_000;
/** The first run waits a little, so start-up and short-lived processes (tests, CLI) are not slowed. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * Deletes events older than EVENT_LOG_RETENTION_DAYS shortly after start and then daily, so the table
 * cannot grow without bound. The timers never keep the process alive and stop when the app closes.
 */
export function registerEventLogRetention(
  app: FastifyInstance,
  { db, config }: { db: DatabaseExecutor; config: Pick<Config, 'eventLogRetentionDays'> },
): void {
  let timer: NodeJS.Timeout | undefined;
  const prune = async () => {
    const olderThan = new Date(Date.now() - config.eventLogRetentionDays * DAY_MS);
    try {
      const deleted = await pruneEventLogs(db, { olderThan });
      app.log.info({ deleted, olderThan }, 'event logs pruned');
    } catch (error) {
      app.log.error({ err: error }, 'pruning event logs failed');
    }
  };
  app.addHook('onReady', (done) => {
    timer = setTimeout(() => {
      void prune();
      timer = setInterval(() => void prune(), DAY_MS).unref();
    }, FIRST_RUN_DELAY_MS).unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(timer);
    done();
  });
}
