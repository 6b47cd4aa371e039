import DataLoader from 'dataloader';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { defineLoader, RequestLoaders } from './loaders.js';

describe('RequestLoaders', () => {
  const batches: string[][] = [];
  const upperCaseLoader = defineLoader(
    'upperCase',
    () =>
      new DataLoader<string, string>((keys) => {
        batches.push([...keys]);
        return Promise.resolve(keys.map((key) => key.toUpperCase()));
      }),
  );
  const dependencies = { db: {} as Database };

  it('batches the loads of one request and caches within it', async () => {
    batches.length = 0;
    const loaders = new RequestLoaders(dependencies);
    const results = await Promise.all([
      loaders.get(upperCaseLoader).load('a'),
      loaders.get(upperCaseLoader).load('b'),
      loaders.get(upperCaseLoader).load('a'),
    ]);
    expect(results).toEqual(['A', 'B', 'A']);
    expect(batches).toEqual([['a', 'b']]);
    await loaders.get(upperCaseLoader).load('b');
    expect(batches).toHaveLength(1);
  });

  it('never shares a cache between requests', async () => {
    batches.length = 0;
    await new RequestLoaders(dependencies).get(upperCaseLoader).load('a');
    await new RequestLoaders(dependencies).get(upperCaseLoader).load('a');
    expect(batches).toEqual([['a'], ['a']]);
  });
});
