import type DataLoader from 'dataloader';
import type { Database } from '../db/client.js';

export interface LoaderDependencies {
  db: Database;
}

/** A batch loader a module declares once; each request gets its own instance (and cache). */
export interface LoaderDefinition<Key, Value> {
  readonly name: string;
  readonly create: (dependencies: LoaderDependencies) => DataLoader<Key, Value>;
}

export function defineLoader<Key, Value>(
  name: string,
  create: (dependencies: LoaderDependencies) => DataLoader<Key, Value>,
): LoaderDefinition<Key, Value> {
  return { name, create };
}

/** The loaders of one request, created on first use so a request pays only for what it touches. */
export class RequestLoaders {
  readonly #instances = new Map<LoaderDefinition<unknown, unknown>, DataLoader<unknown, unknown>>();

  constructor(private readonly dependencies: LoaderDependencies) {}

  get<Key, Value>(definition: LoaderDefinition<Key, Value>): DataLoader<Key, Value> {
    let loader = this.#instances.get(definition);
    if (!loader) {
      loader = definition.create(this.dependencies);
      this.#instances.set(definition, loader);
    }
    return loader as DataLoader<Key, Value>;
  }
}
