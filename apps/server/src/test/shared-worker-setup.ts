import { afterAll, vi } from 'vitest';
import { killServerProcessesLeft } from './server-process.js';

/**
 * Set-up of every file of the `integration` project, which runs file after file in one process (`isolate: false`
 * in vitest.config.ts): whatever a file changed process-wide through `vi` is put back when the file ends, so the
 * next file starts on the real clock, environment and globals even when a file forgot to. (Vitest itself restores
 * `vi.spyOn` spies after each file.) Servers a file started and did not stop are killed then too.
 */
afterAll(() => {
  killServerProcessesLeft();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
