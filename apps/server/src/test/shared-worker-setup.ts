import { afterAll, vi } from 'vitest';
import { killServerProcessesLeft } from './server-process.js';

/**
 * node-postgres 8 queues a query sent to a client that is still busy (in a transaction, `Promise.all` over its
 * queries) and warns once per process; node-postgres 9 refuses it. The warning fails the file it happened in.
 */
const queuedQueryWarnings: Error[] = ((globalThis as { dxpQueuedQueryWarnings?: Error[] }).dxpQueuedQueryWarnings ??=
  (() => {
    const seen: Error[] = [];
    process.on('warning', (warning) => {
      if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
        seen.push(warning);
      }
    });
    return seen;
  })());

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
  const [queuedQuery] = queuedQueryWarnings.splice(0);
  if (queuedQuery) {
    throw new Error(
      'A query was sent to a PostgreSQL client still busy with another (one transaction, queries side by side): ' +
        'await them one after another.',
    );
  }
});
