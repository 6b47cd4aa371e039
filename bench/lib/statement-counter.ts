// Counts (and on request records) every statement sent through a node-postgres Client.

/** One statement as the portal sent it, with when it ran relative to the recording's start. */
export interface RecordedStatement {
  text: string;
  values: unknown[];
  startedAt: number;
  endedAt: number;
}

type QueryFunction = (this: unknown, ...args: unknown[]) => unknown;

export function countStatements(prototype: { query: QueryFunction }) {
  const original = prototype.query;
  let total = 0;
  let recording: RecordedStatement[] | undefined;
  let recordingStartedAt = 0;
  prototype.query = function countedQuery(this: unknown, ...args: unknown[]) {
    total += 1;
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    const values = (Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? [])) as unknown[];
    const entry = recording && { text, values, startedAt: performance.now() - recordingStartedAt, endedAt: Number.NaN };
    if (entry) recording!.push(entry);
    const finish = () => {
      if (entry) entry.endedAt = performance.now() - recordingStartedAt;
    };
    const callbackIndex = args.findIndex((arg) => typeof arg === 'function');
    if (callbackIndex >= 0) {
      const callback = args[callbackIndex] as (...results: unknown[]) => void;
      args[callbackIndex] = (...results: unknown[]) => {
        finish();
        callback(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).finally === 'function') (result as Promise<unknown>).finally(finish).catch(() => {});
    return result;
  };
  return {
    count: () => total,
    startRecording() {
      recording = [];
      recordingStartedAt = performance.now();
    },
    stopRecording(): RecordedStatement[] {
      const recorded = recording ?? [];
      recording = undefined;
      return recorded;
    },
  };
}
