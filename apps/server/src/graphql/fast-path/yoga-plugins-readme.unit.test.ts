import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Authenticator } from '../context.js';
import { yogaPlugins } from '../yoga-plugins.js';

/**
 * The tripwire of the fast path: repeat requests skip every Yoga plugin, so a plugin added, removed or renamed
 * must be weighed against the fast path's invariant. This fails until README.md's list is revisited.
 */

const readme = readFileSync(new URL('README.md', import.meta.url), 'utf8');

/** The plugin names README.md lists between its markers, in order. */
function pluginNamesInReadme(): string[] {
  const block = /<!-- yoga-plugins:start -->([\s\S]*?)<!-- yoga-plugins:end -->/.exec(readme)?.[1];
  if (block === undefined)
    throw new Error('apps/server/src/graphql/fast-path/README.md lost its <!-- yoga-plugins:start/end --> markers');
  return [...block.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1]!);
}

/** Every plugin the server can configure: production (introspection off) with trusted documents enforced. */
const everyPlugin = yogaPlugins({
  config: { isProduction: true },
  trustedDocuments: { trustedHashes: new Set(), authenticator: {} as Authenticator },
});

describe('the fast path README', () => {
  it('lists the Yoga plugins the server configures, in order', () => {
    expect(
      pluginNamesInReadme(),
      "Yoga's plugin list changed: a plugin does not run on repeat requests. Read apps/server/src/graphql/fast-path/" +
        'README.md ("Adding a plugin"), then list the plugins there as graphql/yoga-plugins.ts names them.',
    ).toEqual(everyPlugin.map((entry) => entry.name));
  });

  it('names each plugin once', () => {
    const names = everyPlugin.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
