// Gzipped JavaScript and CSS of the built SPA: what a first visit to `/` and to `/dashboard` loads
// (start-up bundle plus the layout and page chunks), and each lazily loaded chunk.
import { printTable } from './lib/report.js';
import {
  benchPages,
  entryKey,
  gzippedKb,
  manifest,
  pageFirstLoad,
  staticClosure,
  sumCssKb,
  sumJsKb,
} from './lib/web-bundle.js';

const rows: (string | number)[][] = [];
for (const [page, routeFiles] of Object.entries(benchPages)) {
  const keys = pageFirstLoad(routeFiles);
  rows.push([`\`${page}\` first load (${keys.size} files)`, sumJsKb(keys).toFixed(1), sumCssKb(keys).toFixed(1)]);
}
const startUp = staticClosure(entryKey);
rows.push([
  'start-up bundle (entry and its static imports)',
  sumJsKb(startUp).toFixed(1),
  sumCssKb(startUp).toFixed(1),
]);
for (const [key, chunk] of Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b))) {
  if (!chunk.isDynamicEntry) continue;
  rows.push([
    chunk.src ?? key,
    gzippedKb(chunk.file).toFixed(1),
    (chunk.css ?? []).reduce((t, f) => t + gzippedKb(f), 0).toFixed(1),
  ]);
}
printTable(
  'web-size',
  'Web bundle, gzipped KB (targets: `/` first load < 150 KB JS, then < 120 KB; docs/performance.md)',
  ['chunk', 'JS KB', 'CSS KB'],
  rows,
);
