import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import {
  type DocumentNode,
  type GraphQLError,
  NoSchemaIntrospectionCustomRule,
  type ValidationContext,
  visit,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config.js';
import { requestError } from './request-errors.js';
import type { NamedPlugin } from './yoga-plugins.js';

/** Above the deepest query the web app sends (about 6), far below what hurts the server. */
export const MAX_QUERY_DEPTH = 12;
/** graphql-armor's cost of a query (fields and nesting) and its counts of aliases, directives and tokens. */
export const MAX_QUERY_COST = 5000;
export const MAX_ALIASES = 15;
export const MAX_DIRECTIVES = 20;
export const MAX_TOKENS = 2000;

/**
 * graphql-armor prefixes its refusals with "Syntax Error:", though the syntax is fine: each is reported in its own
 * words ("Query Cost limit of 5000 exceeded, found 6500."), as a request error. The token limit is checked while
 * parsing, without a validation context: it is thrown.
 */
const limitExceeded = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      const refusal = requestError(error.message.replace(/^Syntax Error: /, ''));
      if (!context) throw refusal;
      context.reportError(refusal);
    },
  ],
};

const noIntrospection: Plugin = {
  onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule),
};

/**
 * Limits checked before execution, counted through fragments: depth, cost, aliases, directives and
 * tokens; only text PostgreSQL can store, and variables nested no deeper than a real filter.
 * "Did you mean …" hints are removed by the server's error mapping,
 * which sees every phase (armor's own masking misses enum and variable hints).
 */
export function armorPlugins(config: Pick<Config, 'isProduction'>): NamedPlugin[] {
  const plugins: NamedPlugin[] = [
    {
      name: 'graphql-armor',
      plugin: EnvelopArmorPlugin({
        maxDepth: { n: MAX_QUERY_DEPTH, flattenFragments: true, ...limitExceeded },
        costLimit: { maxCost: MAX_QUERY_COST, flattenFragments: true, ...limitExceeded },
        maxAliases: { n: MAX_ALIASES, ...limitExceeded },
        maxDirectives: { n: MAX_DIRECTIVES, ...limitExceeded },
        maxTokens: { n: MAX_TOKENS, ...limitExceeded },
        blockFieldSuggestion: { enabled: false },
      }),
    },
    { name: 'hostile-values', plugin: refuseHostileValues() },
  ];
  if (config.isProduction) {
    plugins.push({
      name: 'no-introspection',
      plugin: noIntrospection,
    });
  }
  return plugins;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and a lone UTF-16 surrogate has no UTF-8 form (drivers
 * fail or silently store U+FFFD), so no valid request carries either: refused as INVALID_REQUEST before
 * a resolver could send it to the database.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is one of the two things this pattern exists to find.
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

/** Far deeper than any real filter (`and`/`or` a few levels), far shallower than what exhausts a stack. */
export const MAX_VARIABLE_DEPTH = 32;

function refuseHostileValues(): Plugin {
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      // Envelop types the document loosely; Yoga has parsed and validated it by now.
      const refusal = hostileInputRefusal(args.document as DocumentNode, args.variableValues);
      if (refusal) setResultAndStopExecution({ errors: [refusal] });
    },
  };
}

/** The INVALID_REQUEST error for text PostgreSQL cannot store or variables nested too deep; undefined when neither. */
export function hostileInputRefusal(document: DocumentNode, variableValues: unknown): GraphQLError | undefined {
  const problem = hostileValueIn(variableValues) ?? (documentContainsUnstorableText(document) ? 'text' : undefined);
  if (!problem) return undefined;
  return requestError(
    problem === 'text'
      ? 'Text values must be valid Unicode without NUL characters.'
      : `Variables may be nested at most ${MAX_VARIABLE_DEPTH} levels deep.`,
  );
}

/** Iterative, so a body nested thousands of levels deep cannot overflow the stack here. */
function hostileValueIn(value: unknown): 'text' | 'depth' | undefined {
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (pending.length > 0) {
    const { item, depth } = pending.pop()!;
    if (typeof item === 'string' && UNSTORABLE_TEXT.test(item)) return 'text';
    if (!item || typeof item !== 'object') continue;
    if (depth > MAX_VARIABLE_DEPTH) return 'depth';
    for (const [key, inner] of Object.entries(item)) {
      if (UNSTORABLE_TEXT.test(key)) return 'text';
      pending.push({ item: inner, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Parsed documents are cached and shared between requests, so each is searched once. */
const unstorableTextByDocument = new WeakMap<DocumentNode, boolean>();

function documentContainsUnstorableText(document: DocumentNode): boolean {
  let found = unstorableTextByDocument.get(document);
  if (found === undefined) {
    found = searchForUnstorableText(document);
    unstorableTextByDocument.set(document, found);
  }
  return found;
}

function searchForUnstorableText(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue: (node) => {
      found ||= UNSTORABLE_TEXT.test(node.value);
    },
  });
  return found;
}
