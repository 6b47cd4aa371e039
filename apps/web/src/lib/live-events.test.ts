import { describe, expect, it, vi } from 'vitest';
import { createLiveEvents, type LiveEvent } from './live-events';

/** A response whose body sends `chunks` and then ends. */
function stream(chunks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

describe('the live event stream', () => {
  it('sends the access token in the header, hands events to every listener and reconnects after the stream ends', async () => {
    const answers = [
      stream([
        'retry: 2000\n\nevent: ready\ndata: {}\n\n',
        'event: notification\ndata: {"id":"n1","type":"Team',
        'Invite","message":"Join"}\n\n',
      ]),
      stream(['event: ready\ndata: {}\n\n']),
    ];
    const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(answers.shift() ?? new Response(null, { status: 503 })),
    );
    const live = createLiveEvents({
      session: { getAccessToken: () => 'token-1', refreshAccessToken: () => Promise.resolve('token-2') },
      fetch,
      initialDelayMs: 1,
      maxDelayMs: 5,
    });
    const first: LiveEvent[] = [];
    const second: LiveEvent[] = [];
    const stopFirst = live.subscribe((event) => first.push(event));
    const stopSecond = live.subscribe((event) => second.push(event));
    await vi.waitFor(() => expect(first.map((event) => event.name)).toEqual(['ready', 'notification', 'ready']));
    expect(first[1]).toEqual({ name: 'notification', data: { id: 'n1', type: 'TeamInvite', message: 'Join' } });
    expect(second).toEqual(first);
    // One connection for both listeners, each with the token in the Authorization header, none in the URL.
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/live');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer token-1');
    stopFirst();
    stopSecond();
  });

  it('renews an ended session once and reconnects with the new token', async () => {
    let token = 'expired';
    const fetch = vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(
        new Headers(init?.headers).get('authorization') === 'Bearer fresh'
          ? stream(['event: ready\ndata: {}\n\n'])
          : new Response(null, { status: 401 }),
      ),
    );
    const refreshAccessToken = vi.fn(() => {
      token = 'fresh';
      return Promise.resolve(token);
    });
    const live = createLiveEvents({
      session: { getAccessToken: () => token, refreshAccessToken },
      fetch,
      initialDelayMs: 10_000,
    });
    const events: LiveEvent[] = [];
    const stop = live.subscribe((event) => events.push(event));
    await vi.waitFor(() => expect(events.map((event) => event.name)).toEqual(['ready']));
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    stop();
  });
});
