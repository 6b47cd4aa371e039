import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { collectGarbageWhenIdle, createIdleWatcher } from './idle-memory.js';

describe('collecting garbage when the server goes quiet', () => {
  it('collects once the server is quiet after start-up, then not again until it has been busy', () => {
    let requests = 0;
    const collect = vi.fn();
    const watcher = createIdleWatcher(collect, () => requests);

    requests += 1; // the probe that found it ready
    expect(watcher.check(1_000)).toBe(true);
    requests += 10; // a load balancer's probes, one a second
    expect(watcher.check(10_000)).toBe(false); // still quiet: nothing new to give back
    expect(collect).toHaveBeenCalledTimes(1);

    requests += 5_000; // a burst of requests
    expect(watcher.check(10_000)).toBe(false); // never while busy
    requests += 300;
    expect(watcher.check(10_000)).toBe(false);
    requests += 3; // quiet again
    expect(watcher.check(10_000)).toBe(true);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it("calls V8's own collector, which the process may call without --expose-gc, once it is quiet", () => {
    vi.useFakeTimers();
    try {
      const server = new EventEmitter();
      const stop = collectGarbageWhenIdle(server);
      server.emit('request');
      // The first look comes a second after ready and collects.
      expect(() => vi.advanceTimersByTime(1_000)).not.toThrow();
      for (let request = 0; request < 100; request++) server.emit('request');
      expect(() => vi.advanceTimersByTime(20_000)).not.toThrow();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
