// Builds the web app and the server when their output is missing or older than their sources.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, isBuildStale, workspacePackageSources } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = `${root}apps/web`;
const server = `${root}apps/server`;

/** Runs a Node.js script in a child process; resolves when it exits with 0. */
export function runNode(script, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${script} ${args.join(' ')} ended with ${signal ?? `exit code ${code}`}`)),
    );
  });
}

export function isWebBuildStale() {
  const sources = [
    `${web}/src`,
    `${web}/index.html`,
    `${web}/public`,
    `${web}/vite.config.ts`,
    ...workspacePackageSources,
  ];
  return isBuildStale({ sources, output: `${web}/dist/index.html` });
}

/** Builds the web app; `signal` stops the build (a server that failed while it ran). */
export async function buildWeb({ signal } = {}) {
  console.log('Building the web app…');
  // Vite's own command line, run by Node directly (npx would first start npm to find it).
  const vitePackage = createRequire(`${web}/package.json`).resolve('vite/package.json');
  const viteCli = join(dirname(vitePackage), JSON.parse(readFileSync(vitePackage, 'utf8')).bin.vite);
  try {
    await runNode(viteCli, ['build', '--logLevel', 'warn'], { cwd: web, signal });
  } catch (error) {
    throw signal?.aborted ? error : new Error('The web build failed.');
  }
}

export async function buildServerIfStale() {
  if (isBuildStale({ sources: [`${server}/src`, ...workspacePackageSources], output: `${server}/dist/main.js` })) {
    console.log('Building the server…');
    await buildServer();
  }
}

/** The migrated embedded cluster a new data directory starts from (apps/server/src/db/embedded-template.ts). */
export async function buildEmbeddedTemplate() {
  await runNode(`${server}/dist/db/embedded-template.js`, []);
}

export async function buildWhatIsStale() {
  await Promise.all([isWebBuildStale() ? buildWeb() : undefined, buildServerIfStale().then(buildEmbeddedTemplate)]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWhatIsStale();
}
