import { fileURLToPath } from 'node:url';

/** The portal's built entry, as `npm start` runs it; the integration projects' global set-up builds it when stale. */
export const builtServerEntry = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
/** The built admin command line (`npm run admin`). */
export const builtCliEntry = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/**
 * Vitest global set-up of the integration projects: builds the server (scripts/build.mjs) when dist/ is missing or
 * older than its sources, once per run before any worker starts. The tests that start a portal process then run the
 * built bundle, as production does, rather than tsx, which transpiles and loads the sources module by module.
 */
export async function setup(): Promise<void> {
  const buildScript = new URL('../../../../scripts/build.mjs', import.meta.url).href;
  const { buildServerIfStale } = (await import(buildScript)) as { buildServerIfStale: () => Promise<void> };
  await buildServerIfStale();
}
