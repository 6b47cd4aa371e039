import { fileURLToPath, pathToFileURL } from 'node:url';

/** The portal's built entry, as `npm start` runs it; the integration projects' global set-up builds it when stale. */
export const builtServerEntry = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
/** The built admin command line (`npm run admin`). */
export const builtCliEntry = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/**
 * Vitest global set-up of the integration projects: builds the server (scripts/build.mjs) when dist/ is missing or
 * older than its sources, once per run before any worker starts. The tests that start a portal process then run the
 * built bundle, as production does: through tsx, each start transpiled and loaded ~1,900 modules one by one.
 */
export async function setup(): Promise<void> {
  const buildScript = pathToFileURL(fileURLToPath(new URL('../../../../scripts/build.mjs', import.meta.url)));
  const { buildServerIfStale } = (await import(buildScript.href)) as { buildServerIfStale: () => Promise<void> };
  await buildServerIfStale();
}
