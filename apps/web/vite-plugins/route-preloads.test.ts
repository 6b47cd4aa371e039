// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRouteFileChains, routePreloads } from './route-preloads';

const routeTree = readFileSync(new URL('../src/routeTree.gen.ts', import.meta.url), 'utf8');

describe("the router's generated route tree", () => {
  const chains = readRouteFileChains(routeTree);

  it('gives each page address its route files, outermost layout first', () => {
    expect(chains.get('/dashboard')).toEqual(['_default', '_default/dashboard']);
    expect(chains.get('/')).toEqual(['_entry', '_entry/index']);
    expect(chains.get('/system/teams/$slug/home')).toEqual([
      '_default',
      '_default/system/route',
      '_default/system/teams/$slug/route',
      '_default/system/teams/$slug/home',
    ]);
    // An index page is addressed without its trailing slash, as links name it.
    expect(chains.get('/system')).toEqual(['_default', '_default/system/route', '_default/system/index']);
  });

  it('reads every page address of the tree, each with at least its own file', () => {
    const addresses = /export interface FileRoutesByTo \{([^}]*)\}/.exec(routeTree)![1]!.match(/^\s+'/gm)!;
    expect(chains.size).toBe(addresses.length);
    for (const [address, files] of chains) expect(files.length, address).toBeGreaterThan(0);
  });

  it('refuses a route tree it cannot read rather than writing no preloads', () => {
    expect(() => readRouteFileChains('export const routeTree = {}')).toThrow(/FileRoutesByTo/);
  });
});

describe('the files a page address preloads', () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) => ({
    type: 'chunk' as const,
    fileName,
    facadeModuleId,
    imports,
    isEntry,
  });
  const bundle = {
    'assets/index.js': chunk('assets/index.js', '/app/index.html', [], true),
    'assets/signed-in.js': chunk('assets/signed-in.js', null, ['assets/index.js']),
    'assets/_default.js': chunk('assets/_default.js', '/app/src/routes/_default.tsx?tsr-split=component---loader', [
      'assets/signed-in.js',
      'assets/index.js',
    ]),
    'assets/dashboard.js': chunk(
      'assets/dashboard.js',
      '/app/src/routes/_default/dashboard.tsx?tsr-split=component---loader',
      ['assets/signed-in.js'],
    ),
    'assets/dashboard-pending.js': chunk(
      'assets/dashboard-pending.js',
      '/app/src/routes/_default/dashboard.tsx?tsr-split=pendingComponent',
    ),
    'assets/index.css': { type: 'asset' as const },
  };

  it("names the chunks of the page's routes and what they import, once each, never the start-up bundle", () => {
    const preloads = routePreloads(new Map([['/dashboard', ['_default', '_default/dashboard']]]), bundle);
    expect(preloads).toEqual({
      '/dashboard': ['/assets/_default.js', '/assets/signed-in.js', '/assets/dashboard.js'],
    });
  });

  it('leaves out an address whose routes are all in the start-up bundle', () => {
    expect(routePreloads(new Map([['/auth/callback', ['_empty', '_empty/auth/callback']]]), bundle)).toEqual({});
  });
});
