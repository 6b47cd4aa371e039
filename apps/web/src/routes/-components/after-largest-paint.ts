import { useEffect, useState } from 'react';

/**
 * Runs `start` once the browser is idle after the page's largest paint so far, so that what it sends stays off the
 * first page's critical path (docs/decisions/0140). Where no such paint is reported (Safari, a hidden tab) it runs
 * when idle after the next frame, and at the latest after `latestMs`. Returns the cancel.
 */
export function afterLargestPaint(start: () => void, latestMs = 3_000): () => void {
  const cancels: (() => void)[] = [];
  let isDone = false;
  const cancel = () => {
    isDone = true;
    for (const cancelOne of cancels) cancelOne();
  };
  const run = () => {
    if (isDone) return;
    cancel();
    start();
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(run, { timeout: 1_000 });
      cancels.push(() => cancelIdleCallback(idle));
    } else {
      const task = setTimeout(run, 0);
      cancels.push(() => clearTimeout(task));
    }
  };
  const latest = setTimeout(run, latestMs);
  cancels.push(() => clearTimeout(latest));
  // The entry comes once the paint is on screen, which is later than the frame callback before it.
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
  ) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      whenIdle();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    cancels.push(() => observer.disconnect());
  } else {
    const frame = requestAnimationFrame(whenIdle);
    cancels.push(() => cancelAnimationFrame(frame));
  }
  return cancel;
}

let hasPassedLargestPaint = false;

/**
 * False until the browser is idle after the page's largest paint (as `afterLargestPaint`), then true, and true at once
 * for whatever mounts later: for a request the first page does not wait for.
 */
export function useIsAfterLargestPaint(): boolean {
  const [isAfter, setIsAfter] = useState(hasPassedLargestPaint);
  useEffect(() => {
    if (isAfter) return;
    return afterLargestPaint(() => {
      hasPassedLargestPaint = true;
      setIsAfter(true);
    });
  }, [isAfter]);
  return isAfter;
}
