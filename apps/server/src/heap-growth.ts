import { setFlagsFromString } from 'node:v8';

/** The heap may grow to twice what survived the last full collection before it collects again. */
const heapGrowingPercent = 100;

/**
 * Under load V8 lets the heap grow up to fourfold between full collections, and a busy server kept 250 to
 * 315 MB of mostly garbage after a burst of dashboards. Twice is enough: the benchmark (docs/performance.md)
 * shows about 200 MB at the same throughput. A soft factor, not a ceiling, so a real burst still fits.
 * Set at start-up because Node refuses the flag in NODE_OPTIONS; one given on node's command line wins.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((argument) => argument.startsWith('--heap-growing-percent'))) return;
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}
