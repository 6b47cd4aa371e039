import { applicationIconNames } from './application-icon-names.js';

// An application's icon is one of the bundled Lucide icons, by its kebab-case name (docs/spec.md §3, §7).
// Zod-free, so the web can check a name where it only displays one.

const iconNameSet: ReadonlySet<string> = new Set(applicationIconNames);

export { applicationIconNames };

/** True when `name` is an icon of the bundled collection. */
export function isApplicationIconName(name: string | null | undefined): name is string {
  return typeof name === 'string' && iconNameSet.has(name);
}
