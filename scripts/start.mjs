#!/usr/bin/env node
// `npm start`: build what is not built yet (or is older than its sources), then run the server,
// which migrates the database and serves the SPA, the API and the built-in identity provider.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWhatIsStale } from './build.mjs';

await buildWhatIsStale();

const serverMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const server = spawn(process.execPath, [serverMain], { stdio: 'inherit' });
// Hand signals to the server so its graceful shutdown runs; exit with its status.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
