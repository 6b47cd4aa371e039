import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config.js';

/** Above the deepest query the web app sends (about 6), far below what hurts the server. */
export const MAX_QUERY_DEPTH = 12;

/**
 * Limits checked before execution, counted through fragments: depth, cost, aliases, directives and
 * tokens; "Did you mean …" suggestions are masked so the schema cannot be mapped by guessing.
 */
export function armorPlugins(config: Pick<Config, 'isProduction'>): Plugin[] {
  const plugins: Plugin[] = [
    EnvelopArmorPlugin({
      maxDepth: { n: MAX_QUERY_DEPTH, flattenFragments: true },
      costLimit: { maxCost: 5000, flattenFragments: true },
      maxAliases: { n: 15 },
      maxDirectives: { n: 20 },
      maxTokens: { n: 2000 },
      blockFieldSuggestion: { enabled: true },
    }) as Plugin,
  ];
  if (config.isProduction) {
    plugins.push({
      onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule),
    });
  }
  return plugins;
}
