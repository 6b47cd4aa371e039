// Transpiles apps/server/src to apps/server/dist with esbuild (type checking is `npm run typecheck`).
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = fileURLToPath(new URL('../apps/server', import.meta.url));
/** Workspace packages the server and the web import, written as TypeScript (their `exports` name .ts files). */
export const workspacePackageSources = [fileURLToPath(new URL('../packages/contracts/src', import.meta.url))];

function filesUnder(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return [];
  if (!stats.isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** True when the output is missing or any source file changed after it was written. */
export function isBuildStale({ sources, output }) {
  const built = statSync(output, { throwIfNoEntry: false });
  if (!built) return true;
  return sources.flatMap(filesUnder).some((file) => statSync(file).mtimeMs > built.mtimeMs);
}

export async function buildServer() {
  const entryPoints = filesUnder(join(server, 'src')).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('/src/test/'),
  );
  await build({
    entryPoints,
    outdir: join(server, 'dist'),
    outbase: join(server, 'src'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  await buildContracts();
}

/**
 * Node.js cannot load @dxp/contracts' TypeScript, so a compiled copy goes to dist/node_modules, which Node's
 * lookup from dist/ finds before the workspace link in the root node_modules (that one serves tsx, Vitest,
 * Vite and tsc).
 */
async function buildContracts() {
  const [sources] = workspacePackageSources;
  const outdir = join(server, 'dist/node_modules/@dxp/contracts');
  await build({
    entryPoints: filesUnder(sources).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')),
    outdir,
    outbase: sources,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  const manifest = { name: '@dxp/contracts', private: true, type: 'module', exports: { './*': './*.js' } };
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}
