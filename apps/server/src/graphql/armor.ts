import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { type DocumentNode, GraphQLError, NoSchemaIntrospectionCustomRule, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config.js';

/** Above the deepest query the web app sends (about 6), far below what hurts the server. */
export const MAX_QUERY_DEPTH = 12;

/**
 * Limits checked before execution, counted through fragments: depth, cost, aliases, directives and
 * tokens; and no NUL characters. "Did you mean …" hints are removed by the server's error mapping,
 * which sees every phase (armor's own masking misses enum and variable hints).
 */
export function armorPlugins(config: Pick<Config, 'isProduction'>): Plugin[] {
  const plugins: Plugin[] = [
    EnvelopArmorPlugin({
      maxDepth: { n: MAX_QUERY_DEPTH, flattenFragments: true },
      costLimit: { maxCost: 5000, flattenFragments: true },
      maxAliases: { n: 15 },
      maxDirectives: { n: 20 },
      maxTokens: { n: 2000 },
      blockFieldSuggestion: { enabled: false },
    }) as Plugin,
    refuseNulCharacters(),
  ];
  if (config.isProduction) {
    plugins.push({
      onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule),
    });
  }
  return plugins;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so no valid request carries one: refused as
 * INVALID_REQUEST before a resolver could send it to the database and fail there.
 */
function refuseNulCharacters(): Plugin {
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      if (!containsNul(args.variableValues) && !documentContainsNul(args.document)) return;
      setResultAndStopExecution({
        errors: [
          new GraphQLError('Text values must not contain the NUL character (U+0000).', {
            extensions: { code: 'INVALID_REQUEST' },
          }),
        ],
      });
    },
  };
}

/** Iterative, so a body nested thousands of levels deep cannot overflow the stack here. */
function containsNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string' && item.includes('\u0000')) return true;
    if (!item || typeof item !== 'object') continue;
    for (const [key, inner] of Object.entries(item)) {
      if (key.includes('\u0000')) return true;
      pending.push(inner);
    }
  }
  return false;
}

function documentContainsNul(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue: (node) => {
      found ||= node.value.includes('\u0000');
    },
  });
  return found;
}
