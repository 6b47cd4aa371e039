import type { Session } from './session';

/** An event of the server's live stream (GET /api/live, docs/decisions/0128). */
export type LiveEvent =
  | { name: 'ready' | 'resync' | 'notifications-read' | 'pending-requests'; data: Record<string, never> }
  | { name: 'notification'; data: { id: string; type: string; message: string } }
  | { name: 'access-request'; data: { id: string; status: string } };

type Listener = (event: LiveEvent) => void;

type LiveOptions = {
  session: Pick<Session, 'getAccessToken' | 'refreshAccessToken'>;
  fetch?: typeof fetch;
  endpoint?: string;
  /** Milliseconds before the first reconnection; each failure doubles it, up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * One stream of live events for the whole tab, however many components listen: opened by the first listener,
 * closed after the last. A fetch rather than EventSource, which cannot send the Authorization header (a token in
 * the URL would end up in logs). A lost stream reconnects with a growing, jittered delay; an ended session is
 * renewed once before reconnecting; the `ready` event of each connection tells listeners to refetch what they
 * may have missed.
 */
export function createLiveEvents(options: LiveOptions) {
  const {
    session,
    fetch: fetchImplementation = (input, init) => globalThis.fetch(input, init),
    endpoint = '/api/live',
    initialDelayMs = 1_000,
    maxDelayMs = 30_000,
  } = options;
  const listeners = new Set<Listener>();
  let abort: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const emit = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };

  const scheduleReconnect = () => {
    if (listeners.size === 0) return;
    const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => void connect(), delay * (0.75 + Math.random() * 0.5));
  };

  async function connect(renewed = false): Promise<void> {
    const accessToken = session.getAccessToken();
    if (!accessToken || listeners.size === 0) return;
    const controller = new AbortController();
    abort = controller;
    let sessionEnded = false;
    try {
      const response = await fetchImplementation(endpoint, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401) {
        sessionEnded = true;
      } else if (response.ok && response.body) {
        sessionEnded = await read(response.body, () => {
          failures = 0;
        });
      }
    } catch {
      // Offline, the server restarting, or closed by us: reconnect below unless closed.
    }
    if (controller.signal.aborted || abort !== controller) return;
    if (sessionEnded && !renewed) {
      // An expired or ended token: one renewal, then straight back. If it fails the API calls end the session.
      const renewedToken = await session.refreshAccessToken().catch(() => undefined);
      if (renewedToken && abort === controller) return connect(true);
      return;
    }
    scheduleReconnect();
  }

  /** Reads events until the stream ends; answers whether the server ended it because the session ended. */
  async function read(body: ReadableStream<Uint8Array>, onReady: () => void): Promise<boolean> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return false;
      buffer += decoder.decode(value, { stream: true });
      let boundary: number;
      while ((boundary = buffer.indexOf('\n\n')) !== -1) {
        const event = parseEvent(buffer.slice(0, boundary));
        buffer = buffer.slice(boundary + 2);
        if (!event) continue;
        if ((event.name as string) === 'session-ended') return true;
        if (event.name === 'ready') onReady();
        emit(event);
      }
    }
  }

  return {
    /** Listens to the tab's stream, opening it if this is the first listener; returns the unsubscribe. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      if (listeners.size === 1) {
        failures = 0;
        void connect();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearTimeout(retryTimer);
        abort?.abort();
        abort = undefined;
      };
    },
  };
}

function parseEvent(block: string): LiveEvent | undefined {
  let name: string | undefined;
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (!name) return undefined;
  try {
    return { name, data: data ? (JSON.parse(data) as unknown) : {} } as LiveEvent;
  } catch {
    return undefined;
  }
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;

const perSession = new WeakMap<object, LiveEvents>();

/** The tab's one stream for this session (at most one connection per tab, docs/decisions/0128). */
export function liveEventsFor(session: LiveOptions['session']): LiveEvents {
  let live = perSession.get(session);
  if (!live) {
    live = createLiveEvents({ session });
    perSession.set(session, live);
  }
  return live;
}
