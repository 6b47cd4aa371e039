// What the built SPA makes a browser download, read from Vite's manifest (apps/web/dist/.vite).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export const webDist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
export const manifest = JSON.parse(readFileSync(`${webDist}.vite/manifest.json`, 'utf8')) as Record<
  string,
  ManifestChunk
>;
export const gzippedKb = (file: string) => gzipSync(readFileSync(`${webDist}${file}`)).length / 1024;

/** A chunk plus everything it imports statically: what the browser must fetch before it runs. */
export function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

export const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;

/**
 * Everything a first visit to a page loads before it can render: the start-up bundle, then for each
 * route file on the way to the page (layouts included) its lazily loaded component and loader chunks,
 * each with its static imports. `routeFiles` are paths under src/routes, e.g. `_entry.tsx`.
 */
export function pageFirstLoad(routeFiles: string[]): Set<string> {
  const keys = staticClosure(entryKey);
  for (const routeFile of routeFiles) {
    const prefix = `src/routes/${routeFile}?tsr-split=`;
    for (const key of Object.keys(manifest)) {
      // `?tsr-split=component`, `?tsr-split=loader` or both in one chunk: `?tsr-split=component---loader`.
      const parts = key.startsWith(prefix) ? key.slice(prefix.length).split('---') : [];
      if (parts.includes('component') || parts.includes('loader')) staticClosure(key, keys);
    }
  }
  return keys;
}

export const sumJsKb = (keys: Iterable<string>) =>
  [...keys].reduce((total, key) => total + gzippedKb(manifest[key]!.file), 0);
export const sumCssKb = (keys: Iterable<string>) =>
  [...keys].flatMap((key) => manifest[key]!.css ?? []).reduce((total, file) => total + gzippedKb(file), 0);

/** The pages the benchmarks look at, with the route files a first visit renders. */
export const benchPages = {
  '/': ['_entry.tsx', '_entry/index.tsx'],
  '/dashboard': ['_default.tsx', '_default/dashboard.tsx'],
} as const satisfies Record<string, string[]>;
