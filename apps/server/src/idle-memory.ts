import type { EventEmitter } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often the process looks whether it has gone quiet. */
const CHECK_EVERY_MS = 10_000;
/** The first look, this long after the portal is ready: start-up's garbage goes before the first quiet minute. */
const FIRST_CHECK_AFTER_MS = 1_000;
/** Fewer requests than this per second since the last look is quiet (a load balancer's probes are). */
const QUIET_REQUESTS_PER_SECOND = 2;

type CollectGarbage = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8 keeps the young generation at the size the busiest moment needed (128 MB in Node 24 after start-up or a burst
 * of requests), and the old generation at its high-water mark, and gives neither back while the process idles: the
 * portal idled at 375 MB resident a minute after it started, 130 MB of it an empty heap. Once the server has gone
 * quiet after being busy, one memory-reducing full collection (V8's "last resort" collection, which also shrinks the
 * young generation) gives that back (docs/performance.md). It costs one collection of the live heap (about 50 MB,
 * tens of milliseconds) per busy-then-quiet turn, never while requests keep coming. Quiet is counted in requests,
 * not in the event loop's utilisation, which read 90 % busy on an idle portal.
 */
export function collectGarbageWhenIdle(server: Pick<EventEmitter, 'on'>): () => void {
  let requests = 0;
  server.on('request', () => {
    requests += 1;
  });
  const watcher = createIdleWatcher(exposedGarbageCollector(), () => requests);
  const look = (elapsedMs: number) => {
    watcher.check(elapsedMs);
    timer = setTimeout(() => look(CHECK_EVERY_MS), CHECK_EVERY_MS).unref();
  };
  let timer = setTimeout(() => look(FIRST_CHECK_AFTER_MS), FIRST_CHECK_AFTER_MS).unref();
  return () => clearTimeout(timer);
}

/**
 * Decides at each look whether to collect: the server was busy at some point since the last collection (start-up
 * counts as busy) and has been quiet since the previous look, `elapsedMs` ago.
 */
export function createIdleWatcher(
  collect: () => void,
  requestsSoFar: () => number,
): { check(elapsedMs: number): boolean } {
  let seen = requestsSoFar();
  let busySinceCollection = true;
  return {
    check(elapsedMs) {
      const requests = requestsSoFar() - seen;
      seen += requests;
      if (requests >= Math.max(1, (QUIET_REQUESTS_PER_SECOND * elapsedMs) / 1000)) {
        busySinceCollection = true;
        return false;
      }
      if (!busySinceCollection) return false;
      busySinceCollection = false;
      collect();
      return true;
    },
  };
}

/** V8's collector, as `--expose-gc` would give it, without asking the operator for the flag. */
function exposedGarbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as CollectGarbage;
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
