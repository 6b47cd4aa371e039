import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routePreloadsPlugin } from './vite-plugins/route-preloads.ts';

const apiTarget = process.env.DXP_API_URL ?? 'http://localhost:3000';
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.gz` beside every built text file over 1 KB: the server sends it to browsers that
 * accept gzip (apps/server/src/http/spa.ts, `preCompressed`), compressed once here at the highest
 * level instead of on every request.
 */
const gzipOutput: Plugin = {
  name: 'dxp:gzip-output',
  apply: 'build',
  async writeBundle({ dir }, bundle) {
    const textFiles = Object.keys(bundle).filter((fileName) => /\.(js|css|html|svg|json)$/.test(fileName));
    await Promise.all(
      textFiles.map(async (fileName) => {
        const path = join(dir!, fileName);
        const content = await readFile(path);
        if (content.length > 1024) await writeFile(`${path}.gz`, await gzipAsync(content, { level: 9 }));
      }),
    );
  },
};

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too are fetched with their route, in one chunk with its component: otherwise everything a
      // loader imports (screens, form schemas) lands in the start-up bundle of every page, and main.tsx's
      // early load of the address's routes fetches what the loader needs as well.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    gzipOutput,
    routePreloadsPlugin(fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url))),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/graphql': apiTarget,
      '/idp': apiTarget,
    },
  },
  build: {
    sourcemap: true,
    target: 'es2022',
    // Every browser of that target but Safari before 17 and Firefox before 115 follows `modulepreload` links; those
    // two load the same scripts when imported instead, a little later. The polyfill cost every first load 0.3 KB.
    modulePreload: { polyfill: false },
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk: by default Rolldown splits off each
        // module a lazy chunk shares with it, and `/` started with 20 requests (and their headers) for 6.
        // The entry layout and the deferred colour-mode button go together: `/` needs them all, and apart
        // they made three requests for 2 KB.
        // The signed-in chrome (layout, bell, user menu, i18next, the GraphQL printer, TanStack Query and
        // the query client) is one chunk too: every signed-in page needs all of it, and as separate files /dashboard made 39
        // requests instead of 21 (six at a time over HTTP/1.1). None of it is in `/`'s first load.
        // The dashboard, the first page after sign-in, takes with it the small modules it shares with other
        // pages (page header, empty state, badge, skeleton, tiles, icons), the administrator's setup checklist it
        // loads with the page, and the spinner of the signed-in route: as files of a few hundred bytes each they
        // were requests of their own beyond the six HTTP/1.1 fetches at a time (docs/performance.md). Other pages
        // load this chunk too, usually already cached from the dashboard.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            {
              name: 'entry-layout',
              test: /src\/features\/shell\/(entry-layout|deferred-colour-mode-menu|deferred-popup|colour-mode-trigger)\.tsx$/,
            },
            {
              name: 'signed-in',
              test: /src\/(routes\/-components\/(signed-in-layout|notification-bell-button)|features\/shell\/(default-layout|user-menu)|features\/notifications\/(api\/(get-my-notifications|mark-notification-read)|components\/notification-bell|notification-links)|lib\/(i18n|graphql|query-client)|components\/ui\/avatar)\.tsx?$|node_modules\/(i18next|react-i18next|@0no-co\/graphql\.web|@radix-ui\/react-avatar|@tanstack\/(react-query|query-core))\//,
            },
            {
              name: 'dashboard',
              test: /src\/(features\/(dashboard\/|system\/(components\/setup-checklist|api\/get-setup-checklist)\.tsx?$)|components\/ui\/spinner\.tsx$)/,
            },
          ],
        },
      },
    },
  },
});
