import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Actor } from '../auth/actor.js';
import type { Authenticator } from '../auth/authenticator.js';
import { AppError } from '../errors.js';
import type { BusMessage, LiveBus } from './live-bus.js';

/** Where a page opens its one stream of live events (docs/decisions/0128). */
export const LIVE_PATH = '/api/live';

/** A comment line this often keeps proxies from closing an idle stream. */
const heartbeatMs = 25_000;
/** An idle stream re-checks its session this often; every event re-checks it first anyway. */
const sessionCheckMs = 60_000;
/**
 * Streams whose minute is up are checked every second, each at its own time: one tick for all of them was a
 * burst of a session lookup and a last-seen write per stream (1,000 at once with 1,000 streams open).
 */
const sessionSweepMs = 1_000;
/** How long a browser waits before reconnecting after the stream ends (the web client adds its own backoff). */
const retryMs = 2_000;

interface LiveConnection {
  actor: Actor;
  authorization: string;
  response: ServerResponse;
  /** Serialises the session checks and writes of one stream, so events arrive in order. */
  queue: Promise<void>;
  closed: boolean;
  /** When its session was last checked (ms since the epoch). */
  checkedAt: number;
}

export interface LiveStreams {
  /** Streams open in this process. */
  count(): number;
}

/**
 * `GET /api/live`: Server-Sent Events for the signed-in person, with the same bearer access token as the API,
 * in the Authorization header. The session is checked on connect, before every event and every minute; once it
 * has ended (signed out, revoked, the token expired) the stream ends and the client reconnects with a fresh token
 * or not at all. Events: `ready` on connect (the page refetches what it may have missed), `notification`,
 * `access-request`, `pending-requests` (system administrators) and `resync` (refetch everything live).
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  dependencies: { authenticator: Authenticator; bus: LiveBus },
): LiveStreams {
  const { authenticator, bus } = dependencies;
  const byUser = new Map<string, Set<LiveConnection>>();
  const all = new Set<LiveConnection>();

  const write = (connection: LiveConnection, name: string, data: unknown) => {
    if (!connection.closed) connection.response.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const end = (connection: LiveConnection) => {
    if (connection.closed) return;
    connection.closed = true;
    all.delete(connection);
    const own = byUser.get(connection.actor.user.id);
    own?.delete(connection);
    if (own?.size === 0) byUser.delete(connection.actor.user.id);
    connection.response.end();
  };
  /** The caller still signed in, as they are now (a system administrator may have become a member). */
  const recheck = async (connection: LiveConnection): Promise<boolean> => {
    connection.checkedAt = Date.now();
    try {
      const actor = await authenticator.authenticate(connection.authorization);
      if (actor) {
        connection.actor = actor;
        return true;
      }
    } catch {
      // The session ended: fall through.
    }
    write(connection, 'session-ended', {});
    end(connection);
    return false;
  };
  const enqueue = (connection: LiveConnection, task: () => Promise<void> | void) => {
    connection.queue = connection.queue.then(task).catch((error: unknown) => {
      app.log.warn({ err: error }, 'live stream failed');
      end(connection);
    });
  };
  const deliver = (connection: LiveConnection, name: string, data: unknown, forAdministrators: boolean) => {
    enqueue(connection, async () => {
      if (connection.closed || !(await recheck(connection))) return;
      if (forAdministrators && !connection.actor.user.isSystemAdmin) return;
      write(connection, name, data);
    });
  };

  const unsubscribe = bus.subscribe((message: BusMessage) => {
    if (message.name === 'resync') {
      for (const connection of all) deliver(connection, 'resync', {}, false);
    } else if (message.name === 'pending-requests') {
      for (const connection of all) {
        if (connection.actor.user.isSystemAdmin) deliver(connection, message.name, message.data, true);
      }
    } else {
      for (const connection of byUser.get(message.userId) ?? []) deliver(connection, message.name, message.data, false);
    }
  });

  const heartbeat = setInterval(() => {
    for (const connection of all) if (!connection.closed) connection.response.write(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  const sessionCheck = setInterval(() => {
    const due = Date.now() - sessionCheckMs;
    for (const connection of all) {
      if (connection.checkedAt > due) continue;
      connection.checkedAt = Date.now();
      enqueue(connection, async () => void (await recheck(connection)));
    }
  }, sessionSweepMs);
  sessionCheck.unref();

  app.addHook('preClose', (done) => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    unsubscribe();
    for (const connection of [...all]) end(connection);
    done();
  });

  app.get(LIVE_PATH, async (request: FastifyRequest, reply) => {
    const authorization = request.headers.authorization;
    const actor = await authenticator.authenticate(authorization);
    if (!actor || !authorization) throw new AppError('AUTH_NOT_AUTHENTICATED', 'Sign in to receive live events.');
    if (actor.kind !== 'user') {
      throw new AppError(
        'AUTH_NOT_AUTHORIZED',
        'Live events are for people signed in to the portal, not service keys.',
      );
    }
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // nginx and similar proxies would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    response.write(`retry: ${retryMs}\n\n`);
    const connection: LiveConnection = {
      actor,
      authorization,
      response,
      queue: Promise.resolve(),
      closed: false,
      // Streams opened together (every page reconnecting after a restart) are spread over the minute.
      checkedAt: Date.now() - Math.random() * sessionCheckMs,
    };
    all.add(connection);
    const own = byUser.get(actor.user.id) ?? new Set();
    own.add(connection);
    byUser.set(actor.user.id, own);
    write(connection, 'ready', {});
    request.raw.socket.setKeepAlive(true);
    response.on('close', () => end(connection));
  });

  return { count: () => all.size };
}
