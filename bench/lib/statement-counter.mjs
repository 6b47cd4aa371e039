// @ts-check
// Counts (and on request records) every statement sent through a node-postgres Client. Plain JavaScript:
// the benchmark's servers run on node itself, as in production, not under a TypeScript loader.

/** @typedef {{ name?: string, text: string, values: unknown[], startedAt: number, endedAt: number }} RecordedStatement */

/** @param {{ query: (...args: any[]) => any }} prototype */
export function countStatements(prototype) {
  const original = prototype.query;
  let total = 0;
  /** @type {RecordedStatement[] | undefined} */
  let recording;
  let recordingStartedAt = 0;
  prototype.query = function countedQuery(/** @type {any[]} */ ...args) {
    total += 1;
    const [first, second] = args;
    const text = typeof first === 'string' ? first : first.text;
    const values = Array.isArray(second) ? second : (first.values ?? []);
    // A named (prepared) statement is parsed once per connection; the baseline prepares it too.
    const name = typeof first === 'string' ? undefined : first.name;
    const entry = recording && {
      name,
      text,
      values,
      startedAt: performance.now() - recordingStartedAt,
      endedAt: Number.NaN,
    };
    if (entry) recording?.push(entry);
    const finish = () => {
      if (entry) entry.endedAt = performance.now() - recordingStartedAt;
    };
    const callbackIndex = args.findIndex((arg) => typeof arg === 'function');
    if (callbackIndex >= 0) {
      const callback = args[callbackIndex];
      args[callbackIndex] = (/** @type {unknown[]} */ ...results) => {
        finish();
        callback(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof result.finally === 'function') result.finally(finish).catch(() => {});
    return result;
  };
  return {
    count: () => total,
    startRecording() {
      recording = [];
      recordingStartedAt = performance.now();
    },
    /** @returns {RecordedStatement[]} */
    stopRecording() {
      const recorded = recording ?? [];
      recording = undefined;
      return recorded;
    },
  };
}

/**
 * Answers the benchmark's questions over IPC (`count`, `rss` and `cpu` for every server, the rest by `handlers`),
 * then tells the parent it is ready.
 * @param {{ count(): number }} statements
 * @param {Record<string, (message: any) => unknown>} handlers
 */
export function answerParent(statements, handlers) {
  /** @type {Record<string, (message: any) => unknown>} */
  const all = {
    count: () => statements.count(),
    rss: () => process.memoryUsage().rss,
    cpu: () => process.cpuUsage(),
    ...handlers,
  };
  process.on('message', async (/** @type {{ id: number, type: string }} */ message) => {
    const handler = all[message.type];
    if (handler) process.send?.({ id: message.id, value: await handler(message) });
  });
  process.send?.({ id: 0, value: 'ready' });
}
