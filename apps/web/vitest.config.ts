import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A worker's test files share one jsdom: setting up a fresh one per file was most of the suite's time.
    // Tests therefore leave no global state behind (each renders with its own QueryClient and router).
    isolate: false,
    // Vitest's default leaves a core free (one worker on two cores); the files compute, so both cores run them:
    // its 204 unit tests took 10 CPU seconds on one worker and 13 on two, in 78-87 % of the wall time (shared machine).
    maxWorkers: availableParallelism(),
    projects: [
      // Modules without a document run without jsdom; a unit file that needs one says so in a
      // `// @vitest-environment jsdom` first line.
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts', 'vite-plugins/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'components', include: ['src/**/*.test.tsx'] } },
    ],
  },
});
