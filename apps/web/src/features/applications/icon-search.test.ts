import { applicationIconNames } from '@dxp/contracts/application-icon';
import { icons } from 'lucide-react';
import { dynamicIconImports } from 'lucide-react/dynamic';
import { describe, expect, it } from 'vitest';
import { loadIconNode } from '@/lib/icon-collection';
import { searchIconNames } from './icon-search';

describe('searching the icon collection', () => {
  it('finds the names that contain the search, the exact name first, then those that start with it', () => {
    const names = ['bug', 'github-ish', 'digit', 'git-branch', 'git', 'folder-git', 'git-merge'];
    expect(searchIconNames(names, 'git')).toEqual({
      names: ['git', 'github-ish', 'git-branch', 'git-merge', 'folder-git', 'digit'],
      matchCount: 6,
    });
    expect(searchIconNames(names, 'bug').names).toEqual(['bug']);
    expect(searchIconNames(names, 'rocket')).toEqual({ names: [], matchCount: 0 });
  });

  it('reads spaces, hyphens and underscores alike, ignores case, and needs every word', () => {
    const names = ['git-branch', 'git-branch-plus', 'branch-git', 'git-merge'];
    for (const search of ['Git Branch', 'git-branch', ' git_branch ']) {
      expect(searchIconNames(names, search).names, search).toEqual(['git-branch', 'git-branch-plus', 'branch-git']);
    }
  });

  it('shows at most the limit, counting every match, and the whole collection in order for no search', () => {
    const names = Array.from({ length: 10 }, (_, index) => `icon-${index}`);
    expect(searchIconNames(names, 'icon', 3)).toEqual({ names: ['icon-0', 'icon-1', 'icon-2'], matchCount: 10 });
    expect(searchIconNames(names, '   ', 2)).toEqual({ names: ['icon-0', 'icon-1'], matchCount: 10 });
  });

  it('finds the git icons in the bundled collection', () => {
    const { names } = searchIconNames(applicationIconNames, 'git');
    expect(names).toContain('git-branch');
    expect(names).toContain('git-merge');
    expect(names.every((name) => name.includes('git'))).toBe(true);
  });
});

describe('the icon collection', () => {
  it('is the installed Lucide set without its aliases, so every name the API accepts can be drawn', () => {
    // A lucide-react upgrade that adds, renames or drops an icon fails here: print the names again
    // (packages/contracts/scripts/print-application-icon-names.mjs).
    const loadable = Object.keys(dynamicIconImports);
    expect(applicationIconNames.filter((name) => !loadable.includes(name))).toEqual([]);
    // `icons` holds each icon once, by its component name (git-branch is GitBranch).
    const pascalCase = (name: string) =>
      name
        .split('-')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('');
    expect(applicationIconNames.map(pascalCase).sort()).toEqual(Object.keys(icons).sort());
  });

  it('draws every icon of the collection from its lazy chunk (lib/icon-shards, printed from the same names)', async () => {
    const nodes = await Promise.all(applicationIconNames.map((name) => loadIconNode(name)));
    expect(applicationIconNames.filter((_, index) => !nodes[index]?.length)).toEqual([]);
    expect(await loadIconNode('git-commit')).toBeNull();
  }, 60_000);
});
