import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';

/**
 * What open pages are told. An event is a hint that something the page shows changed: the page refetches it
 * through the API (docs/decisions/0128), so an event lost between replicas costs a late page, never a wrong one.
 */
export type LiveEvent =
  | { userId: string; name: 'notification'; data: { id: string; type: string; message: string } }
  | { userId: string; name: 'access-request'; data: { id: string; status: string } }
  | { userId: string; name: 'notifications-read'; data: Record<string, never> }
  | { userId?: undefined; name: 'pending-requests'; data: Record<string, never> };

/** Told to every local listener when the bus may have missed events (its connection came back): pages refetch. */
export const resyncEvent = { name: 'resync' } as const;
export type BusMessage = LiveEvent | typeof resyncEvent;

/** Publishes events to every replica and hands each replica's listeners the events of all of them. */
export interface LiveBus {
  readonly kind: 'redis' | 'postgres' | 'in-process';
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** PostgreSQL's channel, Redis's channel: one for every event, each replica filtering for its own connections. */
const channel = 'dxp_live';
/** NOTIFY refuses payloads of 8,000 bytes or more; a notification's text in an event is only for its toast. */
const maxMessageLength = 500;

function encode(event: LiveEvent): string {
  if (event.name === 'notification' && event.data.message.length > maxMessageLength) {
    return JSON.stringify({
      ...event,
      data: { ...event.data, message: `${event.data.message.slice(0, maxMessageLength)}…` },
    });
  }
  return JSON.stringify(event);
}

/** Redis when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY on PostgreSQL, else this process alone (PGlite). */
export async function createLiveBus(options: {
  config: Pick<Config, 'redisUrl'>;
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'url'>;
  logger: Logger;
}): Promise<LiveBus> {
  const { config, database, logger } = options;
  if (config.redisUrl) return createRedisBus(config.redisUrl, logger);
  if (database.kind === 'postgres' && database.url) return createPostgresBus(database.url, database, logger);
  return createInProcessBus();
}

/** One process: a replica alone on its embedded database has no one else to tell. */
export function createInProcessBus(): LiveBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    kind: 'in-process',
    publish: (event) => {
      // Through JSON like the other buses, so a listener never shares an object with the publisher.
      emitter.emit('message', JSON.parse(encode(event)) as LiveEvent);
      return Promise.resolve();
    },
    subscribe: (listener) => {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    close: () => {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

/** Fans one decoded message out to the listeners; a message this build cannot read is dropped. */
function createListeners(logger: Logger) {
  const listeners = new Set<(message: BusMessage) => void>();
  return {
    add(listener: (message: BusMessage) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    deliver(message: BusMessage) {
      for (const listener of listeners) listener(message);
    },
    deliverText(text: string) {
      let message: BusMessage;
      try {
        message = JSON.parse(text) as LiveEvent;
      } catch {
        logger.warn('live event that is not JSON ignored');
        return;
      }
      for (const listener of listeners) listener(message);
    },
  };
}

/**
 * LISTEN needs a connection of its own for as long as the process lives: the pool's connections serve one
 * statement or transaction each. NOTIFY goes through the pool. A lost listening connection is replaced with
 * backoff, and the listeners are told to resync since events may have passed meanwhile.
 */
function createPostgresBus(url: string, database: Pick<DatabaseHandle, 'db'>, logger: Logger): LiveBus {
  const listeners = createListeners(logger);
  let client: pg.Client | undefined;
  let closed = false;
  let retryDelayMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (isReconnect: boolean) => {
    // Bounded, so that `close` (which waits for the first attempt) never hangs on a database that does not answer.
    const next = new pg.Client({
      connectionString: url,
      application_name: 'dxp-portal-live',
      connectionTimeoutMillis: 5_000,
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) listeners.deliverText(message.payload);
    });
    const lost = (error?: Error) => {
      if (closed || client !== next) return;
      client = undefined;
      logger.warn({ err: error }, 'live events: the listening database connection was lost; reconnecting');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryDelayMs = 500;
    if (isReconnect) listeners.deliver(resyncEvent);
  };
  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      connect(true).catch((error: unknown) => {
        logger.warn({ err: error }, 'live events: could not listen on the database; retrying');
        retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
        scheduleReconnect();
      });
    }, retryDelayMs);
    retryTimer.unref();
  };

  const ready = connect(false).catch((error: unknown) => {
    logger.warn({ err: error }, 'live events: could not listen on the database; retrying');
    scheduleReconnect();
  });
  return {
    kind: 'postgres',
    publish: async (event) => {
      await database.db.execute(sql`select pg_notify(${channel}, ${encode(event)})`);
    },
    subscribe: (listener) => listeners.add(listener),
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}

/** A subscribing Redis connection can do nothing else, so publishing takes a second one. */
async function createRedisBus(url: string, logger: Logger): Promise<LiveBus> {
  const { Redis } = await import('ioredis');
  const listeners = createListeners(logger);
  const publisher = new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url, { connectTimeout: 1_000 });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error) => logger.warn({ err: error }, 'live events: Redis connection failed'));
  }
  let wasReady = false;
  subscriber.on('ready', () => {
    // ioredis subscribes again by itself after a reconnect; what passed meanwhile is refetched by the pages.
    if (wasReady) listeners.deliver(resyncEvent);
    wasReady = true;
  });
  subscriber.on('message', (messageChannel: string, text: string) => {
    if (messageChannel === channel) listeners.deliverText(text);
  });
  // Not awaited: with Redis down at start the portal still serves, and ioredis subscribes once it connects.
  subscriber
    .subscribe(channel)
    .catch((error: unknown) => logger.warn({ err: error }, 'live events: could not subscribe'));
  return {
    kind: 'redis',
    publish: async (event) => {
      await publisher.publish(channel, encode(event));
    },
    subscribe: (listener) => listeners.add(listener),
    close: async () => {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
