import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const usesPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Integration test files that must not share their modules with other files: each gets a fresh module graph,
 * as every file did before. Keep the list short, and say why a file is on it.
 */
const isolatedIntegrationFiles = [
  // Fills the process-wide set of 200 named statements (src/db/prepared-statements.ts) on purpose, and expects a
  // named one on its connection: after it, no new shape of a later file would be named; before it, the shapes of
  // earlier files could leave it none.
  'src/db/prepared-statements.test.ts',
];

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
    setupFiles: ['src/test/cheap-password-hashes.ts'],
    // On PostgreSQL a test file mostly waits for the server, so more files than cores run at once; the
    // embedded database computes in the test process itself, so there one file per core.
    maxWorkers: usesPostgres ? availableParallelism() * 2 : availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.unit.test.ts'],
          // Unit files hold no database and no app: a worker runs file after file on the modules it imported once
          // (TypeScript's compiler for two of them), instead of starting a process per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.unit.test.ts', ...isolatedIntegrationFiles],
          // Every integration file imports the whole application (Fastify, Yoga and the Pothos schema, the
          // OpenID provider, WebAuthn, the mailer…): a worker imports it once and runs file after file on it,
          // instead of once per file. Each file still makes its own app on its own database (src/test/app.ts), so
          // files share modules, never rows; what a module keeps process-wide is process-wide in production too.
          isolate: false,
          setupFiles: [
            'src/test/cheap-password-hashes.ts',
            'src/test/reused-provider-key.ts',
            'src/test/shared-worker-setup.ts',
          ],
          globalSetup: ['src/test/built-server.ts', 'src/test/test-run.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-isolated',
          include: isolatedIntegrationFiles,
          globalSetup: ['src/test/built-server.ts', 'src/test/test-run.ts'],
        },
      },
    ],
  },
});
