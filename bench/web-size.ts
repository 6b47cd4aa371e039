// Gzipped JavaScript and CSS of the built SPA: what `/` loads first, and each lazily loaded chunk.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printTable } from './lib/report.js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
const gzippedKb = (file: string) => gzipSync(readFileSync(`${dist}${file}`)).length / 1024;

/** A chunk plus everything it imports statically: what the browser must fetch before it runs. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const initial = staticClosure(entryKey);
const sumKb = (keys: Iterable<string>, pick: (chunk: ManifestChunk) => string[]) =>
  [...keys].flatMap((key) => pick(manifest[key]!)).reduce((total, file) => total + gzippedKb(file), 0);

// The index route's own lazy chunk is also needed to paint `/`.
const indexRouteKey = Object.keys(manifest).find((key) => /routes\/(_[^/]+\/)?index\.tsx/.test(key) && manifest[key]!.isDynamicEntry);
const firstLoad = new Set(initial);
if (indexRouteKey) staticClosure(indexRouteKey, firstLoad);

const rows: (string | number)[][] = [
  ['`/` first load (entry + index route)', sumKb(firstLoad, (chunk) => [chunk.file]).toFixed(1), sumKb(firstLoad, (chunk) => chunk.css ?? []).toFixed(1)],
  ['entry chunk and its static imports', sumKb(initial, (chunk) => [chunk.file]).toFixed(1), sumKb(initial, (chunk) => chunk.css ?? []).toFixed(1)],
];
for (const [key, chunk] of Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b))) {
  if (!chunk.isDynamicEntry) continue;
  rows.push([chunk.src ?? key, gzippedKb(chunk.file).toFixed(1), (chunk.css ?? []).reduce((t, f) => t + gzippedKb(f), 0).toFixed(1)]);
}
printTable('web-size', 'Web bundle, gzipped KB (target: `/` first load < 150 KB JS)', ['chunk', 'JS KB', 'CSS KB'], rows);
