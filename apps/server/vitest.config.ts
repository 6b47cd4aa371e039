import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const usesPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  resolve: {
    // Node loads graphql's CommonJS build (it has no `exports` map); Vite would pick its ESM build for our
    // sources, and two copies of graphql break its instanceof checks. Load the one Node loads.
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On PostgreSQL a test file mostly waits for the server, so more files than cores run at once; the
    // embedded database computes in the test process itself, so there one file per core.
    maxWorkers: usesPostgres ? availableParallelism() * 2 : availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.unit.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['src/**/*.test.ts'], exclude: ['src/**/*.unit.test.ts'] },
      },
    ],
  },
});
