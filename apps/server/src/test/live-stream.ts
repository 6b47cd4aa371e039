/** One event of a Server-Sent Events stream. */
export interface StreamEvent {
  name: string;
  data: unknown;
}

export interface LiveStream {
  status: number;
  /** The next event not read yet, waiting for it up to `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `GET /api/live` as a page does (fetch with the Authorization header) and reads its events as they come. */
export async function openLiveStream(baseUrl: string, accessToken: string | undefined): Promise<LiveStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/live`, {
    headers: { accept: 'text/event-stream', ...(accessToken && { authorization: `Bearer ${accessToken}` }) },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let markEnded!: () => void;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let boundary: number;
          while ((boundary = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name === undefined) continue;
            events.push({ name, data: data === undefined ? null : JSON.parse(data) });
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // Aborted by close().
      }
      markEnded();
      waiters.splice(0).forEach((wake) => wake());
    })();
  } else {
    markEnded();
  }
  let ended_ = false;
  void ended.then(() => (ended_ = true));
  return {
    status: response.status,
    ended,
    close: () => abort.abort(),
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length === 0) {
        if (ended_) throw new Error('the stream ended');
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.shift()!;
    },
  };
}
