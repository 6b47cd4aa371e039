// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTailwindMerge, twMerge as fullTwMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';
import { tailwindMergeConfig } from './tailwind-merge-config';

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));
const subsetTwMerge = createTailwindMerge(() => tailwindMergeConfig);

/** Every whitespace-separated word of every string literal in the app's sources (tests and data aside). */
function wordsOfSourceStrings(): Set<string> {
  const words = new Set<string>();
  const visit = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.gen\.ts$|tailwind-merge-config\.ts$/.test(entry.name)) {
        for (const [, , text] of readFileSync(path, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
          for (const word of text!.split(/\s+/)) if (word) words.add(word);
        }
      }
    }
  };
  visit(sourceRoot);
  return words;
}

/** A class one of the two configurations knows: merged with itself, it stays one class. */
const isKnownClass = (word: string) =>
  fullTwMerge(`${word} ${word}`) === word || subsetTwMerge(`${word} ${word}`) === word;

describe('cn', () => {
  it('keeps the later of two classes that set the same property, and both of unrelated ones', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    expect(cn('text-sm leading-tight', 'text-base')).toBe('text-base');
    expect(cn('border border-border', 'border-2')).toBe('border-border border-2');
    expect(cn('size-4', 'w-full')).toBe('size-4 w-full');
    expect(cn('hover:bg-muted', 'bg-surface', false, undefined, 'hover:bg-surface-raised')).toBe(
      'bg-surface hover:bg-surface-raised',
    );
  });

  it('merges every pair of class names in the sources as the full tailwind-merge configuration does', () => {
    const classes = [...wordsOfSourceStrings()].filter(isKnownClass).sort();
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        const expected = fullTwMerge(pair);
        if (subsetTwMerge(pair) !== expected) differences.push(`"${pair}" should merge to "${expected}"`);
      }
    }
    // A difference means a class (or value) the subset lacks: copy its group from getDefaultConfig().
    expect(differences.slice(0, 20)).toEqual([]);
    // Some 200,000 merges: seconds alone, longer on a machine busy with the other test phases.
  }, 60_000);
});
