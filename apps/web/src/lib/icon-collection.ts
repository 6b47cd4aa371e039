import { useEffect, useState } from 'react';
import type { IconNode } from 'lucide-react';

// The bundled Lucide icons an application may show (docs/spec.md §7: no icon API). Each icon is a chunk of its
// own, and the map of them a lazy chunk too, so a page loads only the icons it shows and `/` none of them.

const iconNodes = new Map<string, Promise<IconNode | null>>();

/** The drawing of the icon `name`, or null when the bundled set has no such icon. */
export function loadIconNode(name: string): Promise<IconNode | null> {
  let node = iconNodes.get(name);
  if (!node) {
    node = import('lucide-react/dynamic').then(async ({ dynamicIconImports }) => {
      if (!Object.hasOwn(dynamicIconImports, name)) return null;
      const icon = await dynamicIconImports[name as keyof typeof dynamicIconImports]();
      return icon.__iconData.node;
    });
    // A failed load (the network dropped) is tried again by the next tile that asks.
    node.catch(() => iconNodes.delete(name));
    iconNodes.set(name, node);
  }
  return node;
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
