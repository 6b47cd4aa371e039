import { readFile } from 'node:fs/promises';
import type { Plugin, Rolldown } from 'vite';

/** Where the build writes the page addresses' chunks, read by the server (apps/server/src/http/spa.ts). */
export const routePreloadsFileName = '.vite/route-preloads.json';

/** Each page address the router answers (`/teams/$slug/home`) and its route files, outermost layout first. */
export type RouteFileChains = Map<string, string[]>;

/**
 * Reads TanStack Router's generated route tree: the page addresses (`FileRoutesByTo`), each route's file and its
 * parent route. The file is machine-written in one layout, so patterns read it; a test reads the real one.
 */
export function readRouteFileChains(routeTreeSource: string): RouteFileChains {
  const fileOfRoute = new Map<string, string>();
  for (const [, name, file] of routeTreeSource.matchAll(
    /import \{ Route as (\w+)Import \} from '\.\/routes\/([^']+)'/g,
  )) {
    fileOfRoute.set(name!, file!);
  }
  const parentOfRoute = new Map<string, string>();
  for (const [, name, parent] of routeTreeSource.matchAll(
    /const (\w+) =\s*\w+Import\.update\(\{[^}]*?getParentRoute: \(\) => (\w+)/g,
  )) {
    parentOfRoute.set(name!, parent!);
  }
  const addresses = /export interface FileRoutesByTo \{([^}]*)\}/.exec(routeTreeSource)?.[1];
  if (!addresses) throw new Error('route-preloads: FileRoutesByTo not found in the generated route tree');

  const chains: RouteFileChains = new Map();
  for (const [, address, route] of addresses.matchAll(/'([^']+)': typeof (\w+?)(?:WithChildren)?\n/g)) {
    const files: string[] = [];
    for (let name: string | undefined = route; name; name = parentOfRoute.get(name)) {
      const file = fileOfRoute.get(name);
      if (file) files.unshift(file);
    }
    chains.set(address!, files);
  }
  return chains;
}

/** What the plugin reads of a build's output chunk. */
type OutputChunk = Pick<Rolldown.OutputChunk, 'type' | 'fileName' | 'isEntry' | 'facadeModuleId' | 'imports'>;

/**
 * For each page address, the JavaScript files its first load needs beyond the start-up bundle: the chunks holding
 * its routes' loaders and components (TanStack Router's `component---loader` splits) and what they import. The
 * start-up bundle fetches them only once it has run (main.tsx, `loadCurrentRouteCode`); named in the page's HTML,
 * they load beside it.
 */
export function routePreloads(chains: RouteFileChains, bundle: Record<string, OutputChunk | { type: 'asset' }>) {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pageChunkOfFile = new Map<string, OutputChunk>();
  for (const chunk of chunks) {
    const match = /\/src\/routes\/(.+)\.tsx\?tsr-split=(.+)$/.exec(chunk.facadeModuleId ?? '');
    if (match?.[2]?.split('---').includes('component')) pageChunkOfFile.set(match[1]!, chunk);
  }

  const preloads: Record<string, string[]> = {};
  for (const [address, files] of chains) {
    const fileNames = new Set<string>();
    const add = (chunk: OutputChunk) => {
      if (chunk.isEntry || fileNames.has(chunk.fileName)) return;
      fileNames.add(chunk.fileName);
      for (const imported of chunk.imports) {
        const importedChunk = byFileName.get(imported);
        if (importedChunk) add(importedChunk);
      }
    };
    for (const file of files) {
      const chunk = pageChunkOfFile.get(file);
      if (chunk) add(chunk);
    }
    if (fileNames.size > 0) preloads[address] = [...fileNames].map((fileName) => `/${fileName}`);
  }
  return preloads;
}

/** Writes {@link routePreloadsFileName}: each page address and the files to name in its HTML. */
export function routePreloadsPlugin(routeTreePath: string): Plugin {
  return {
    name: 'dxp:route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chains = readRouteFileChains(await readFile(routeTreePath, 'utf8'));
      this.emitFile({
        type: 'asset',
        fileName: routePreloadsFileName,
        source: JSON.stringify(routePreloads(chains, bundle), null, 2),
      });
    },
  };
}
