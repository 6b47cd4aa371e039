import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Pure functions with no module state: a worker runs file after file on the modules it imported once, instead
    // of starting a process per file (most of these files' CPU).
    isolate: false,
    maxWorkers: availableParallelism(),
  },
});
