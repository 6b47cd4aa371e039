import { useEffect, useState } from 'react';
import type { IconNode } from 'lucide-react';

// The bundled Lucide icons an application may show (docs/spec.md §7: no icon API), in one lazy chunk per first
// letter (icon-shards/): a page loads only the letters of the icons it shows, `/` none of them, and the build
// needs no map of two thousand chunks (a map of one chunk per icon is itself 65 KB gzipped).

/** A shard's icon drawings by module path (`…/icons/<name>.mjs`). */
type Shard = Record<string, { node: IconNode }>;
const shards = import.meta.glob<Shard>('./icon-shards/*.ts', { import: 'default' });
const shardNodes = new Map<string, Promise<Map<string, IconNode>>>();

/** The drawings of one shard's icons by name. */
function loadShard(path: string): Promise<Map<string, IconNode>> {
  let nodes = shardNodes.get(path);
  if (!nodes) {
    nodes = shards[path]!().then(
      (shard) =>
        new Map(
          Object.entries(shard).map(([modulePath, icon]) => [modulePath.replace(/^.*\/|\.mjs$/g, ''), icon.node]),
        ),
    );
    // A failed load (the network dropped) is tried again by the next icon that asks.
    nodes.catch(() => shardNodes.delete(path));
    shardNodes.set(path, nodes);
  }
  return nodes;
}

/** The drawing of the icon `name`, or null when the bundled set has no such icon. */
export async function loadIconNode(name: string): Promise<IconNode | null> {
  const path = `./icon-shards/${name.charAt(0)}.ts`;
  if (!/^[a-z]/.test(name) || !(path in shards)) return null;
  return (await loadShard(path)).get(name) ?? null;
}

/** The icon's drawing once loaded: undefined while loading, null for a name the set does not hold. */
export function useIconNode(name: string | null | undefined): IconNode | null | undefined {
  const [loaded, setLoaded] = useState<{ name: string; node: IconNode | null }>();
  useEffect(() => {
    if (!name) return;
    let isCurrent = true;
    loadIconNode(name).then(
      (node) => isCurrent && setLoaded({ name, node }),
      () => isCurrent && setLoaded({ name, node: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [name]);
  if (!name) return null;
  return loaded?.name === name ? loaded.node : undefined;
}
