import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { environmentSchema } from './config.js';

const readmePath = new URL('../../../README.md', import.meta.url);

/** The variables named in the first column of README.md's table under "## Configure". */
function readmeConfigurationVariables(): Set<string> {
  const readme = readFileSync(readmePath, 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configure'));
  if (!section) throw new Error('README.md has no "## Configure" section');
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    for (const [, name] of firstCell?.matchAll(/`([A-Z][A-Z0-9_]*)`/g) ?? []) names.add(name!);
  }
  return names;
}

describe("README.md's configuration table", () => {
  it('lists every variable the configuration reads', () => {
    const listed = readmeConfigurationVariables();
    const missing = Object.keys(environmentSchema.shape).filter((name) => !listed.has(name));
    expect(missing, 'add these variables to the table under "## Configure" in README.md').toEqual([]);
  });

  it('lists no variable the configuration does not read', () => {
    const read = new Set(Object.keys(environmentSchema.shape));
    const unknown = [...readmeConfigurationVariables()].filter((name) => !read.has(name));
    expect(unknown, 'README.md names variables that apps/server/src/config.ts does not read').toEqual([]);
  });
});
