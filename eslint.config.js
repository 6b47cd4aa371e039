// One lint configuration for the whole repository (ESLint flat config). `npm run lint` runs it with zero
// warnings allowed; docs/conventions.md explains the import boundaries it enforces.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// bulletproof-react's unidirectional architecture: shared code -> features -> routes, never sideways.
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature imports only itself and shared code (components/, lib/); move what two features share there.',
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/routes',
    message: 'Features do not import routes; routes compose features.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: ['./apps/web/src/features', './apps/web/src/routes'],
    message: 'Shared code imports no feature and no route.',
  },
];

// The server's layers: services hold the rules and SQL and know nothing of GraphQL or HTTP.
const serverZones = [
  {
    target: './apps/server/src/modules/**/*.service.ts',
    from: ['./apps/server/src/graphql/**', './apps/server/src/http/**', './apps/server/src/modules/**/*.graphql.ts'],
    message: 'Services never import GraphQL or HTTP code (docs/conventions.md).',
  },
  {
    target: './apps/server/src/db/**/!(*.test).ts',
    from: ['./apps/server/src/modules/**', './apps/server/src/graphql/**', './apps/server/src/http/**'],
    message: 'The database layer imports no module, GraphQL or HTTP code.',
  },
  {
    target: ['./apps/server/src', './apps/web/src'],
    from: ['./e2e', './bench'],
    message: 'Application code never imports tests or benchmarks.',
  },
  {
    target: './packages/contracts',
    from: ['./apps', './e2e', './bench'],
    message: 'The contracts (input rules, error codes) are shared by the server and the web; they import neither.',
  },
];

const drizzleObjectName = ['db', 'database', 'transaction', 'tx', 'executor'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'bench/results/**',
      'apps/web/src/routeTree.gen.ts',
      'apps/web/src/lib/graphql-env.d.ts',
      'apps/server/src/idp/assets/**',
      'e2e/.artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, drizzle },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contracts/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          // One resolver for the workspaces' several tsconfig files is intended.
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // TanStack Router's guards and loaders end by throwing its redirect() and notFound() values.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
