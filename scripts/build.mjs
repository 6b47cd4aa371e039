// Builds the web app and the server when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServer, isBuildStale } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = `${root}apps/web`;
const server = `${root}apps/server`;

export async function buildWhatIsStale() {
  const webSources = [`${web}/src`, `${web}/index.html`, `${web}/public`, `${web}/vite.config.ts`];
  if (isBuildStale({ sources: webSources, output: `${web}/dist/index.html` })) {
    console.log('Building the web app…');
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('The web build failed.');
  }
  if (isBuildStale({ sources: [`${server}/src`], output: `${server}/dist/main.js` })) {
    console.log('Building the server…');
    await buildServer();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWhatIsStale();
}
