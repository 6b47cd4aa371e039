#!/usr/bin/env node
// `npm start`: build what is not built yet (or is older than its sources), then run the server,
// which migrates the database and serves the SPA, the API and the built-in identity provider.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildEmbeddedTemplate, buildServerIfStale, buildWeb, isWebBuildStale } from './build.mjs';
import { requireSupportedNode } from './supported-node.mjs';

await requireSupportedNode();

const serverMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

await buildServerIfStale();
await buildEmbeddedTemplate();
// A web build takes seconds, and so does the server's start on a new database (creating and migrating
// it): the server starts while the web app builds, and before it listens it asks whether the build is
// done (apps/server/src/http/spa.ts), so both overlap instead of following each other.
const isWebStale = isWebBuildStale();
const server = spawn(process.execPath, [serverMain], {
  stdio: isWebStale ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: isWebStale ? { ...process.env, DXP_WEB_BUILD: 'pending' } : process.env,
});
const webBuild = new AbortController();
// Hand signals to the server so its graceful shutdown runs; exit with its status.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  webBuild.abort();
  process.exit(code ?? (signal ? 1 : 0));
});

if (isWebStale) {
  const webBuilt = buildWeb({ signal: webBuild.signal });
  server.on('message', (message) => {
    if (message !== 'waiting-for-web-build') return;
    webBuilt.then(
      () => server.send('web-build-finished', () => server.disconnect()),
      () => undefined,
    );
  });
  webBuilt.catch((error) => {
    if (webBuild.signal.aborted) return;
    console.error(error instanceof Error ? error.message : error);
    server.kill('SIGTERM');
  });
}
