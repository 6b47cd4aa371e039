import { type DocumentNode, type ExecutionResult, type GraphQLSchema, parse } from 'graphql';
import { hostileInputRefusal } from '../armor.js';
import { type CompiledOperation, compileOperation, runCompiled } from './compiled-execution.js';

/** A document the server has executed, and its operation compiled once it comes again (null: not compilable). */
interface PreparedOperation {
  document: DocumentNode;
  operationName: string | null;
  compiled?: CompiledOperation | null;
}

/** GraphQL over HTTP's parameters, exactly as Yoga accepts them; anything else is Yoga's to refuse. */
interface PlainParameters {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  extensions?: Record<string, unknown> | null;
}

const PARAMETER_NAMES = new Set(['query', 'variables', 'operationName', 'extensions']);

const isObjectOrAbsent = (value: unknown) => value == null || (typeof value === 'object' && !Array.isArray(value));

function isPlainParameters(body: unknown): body is PlainParameters {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  for (const name in body) if (!PARAMETER_NAMES.has(name)) return false;
  const { query, operationName, variables, extensions } = body as Record<string, unknown>;
  return (
    typeof query === 'string' &&
    (operationName == null || typeof operationName === 'string') &&
    isObjectOrAbsent(variables) &&
    isObjectOrAbsent(extensions)
  );
}

/** As many documents as Yoga's own parse cache keeps. */
const MAX_PREPARED_DOCUMENTS = 1000;

/**
 * The short way for the requests a client sends over and over. Once Yoga has executed a document (its parameters,
 * the trusted-documents check, parsing, the armor limits and validation all passed), the same text with plain
 * parameters runs straight through its compiled operation, without Yoga's per-request pipeline of hooks, which
 * cost a sixth of a small query's CPU time (docs/performance.md). Everything those checks decide is a property of
 * the text, except what the variables carry: those are coerced, and checked for text PostgreSQL cannot store,
 * on every request, and a request whose variables fail either goes through Yoga, which refuses it in its words.
 *
 * Only documents the web client sends (or any, when trusted documents are not enforced) are kept: a service key's
 * own document is checked by Yoga against its key every time.
 */
export class PreparedRequests {
  readonly #byQuery = new Map<string, Map<string | null, PreparedOperation>>();
  readonly #schema: GraphQLSchema;
  readonly #isTrusted: (query: string) => boolean;

  constructor(options: { schema: GraphQLSchema; isTrusted: (query: string) => boolean }) {
    this.#schema = options.schema;
    this.#isTrusted = options.isTrusted;
  }

  /** Notes a request whose document Yoga has just executed. */
  remember(body: unknown): void {
    if (!isPlainParameters(body) || !this.#isTrusted(body.query)) return;
    let byOperation = this.#byQuery.get(body.query);
    if (!byOperation) {
      if (this.#byQuery.size >= MAX_PREPARED_DOCUMENTS) this.#byQuery.delete(this.#byQuery.keys().next().value!);
      byOperation = new Map();
      this.#byQuery.set(body.query, byOperation);
    }
    const operationName = body.operationName ?? null;
    if (!byOperation.has(operationName)) byOperation.set(operationName, { document: parse(body.query), operationName });
  }

  /**
   * The request's answer, unmapped errors included, when its document has been executed before and its variables
   * are sound; undefined for Yoga to answer (nothing has run then).
   */
  run(body: unknown, contextValue: object): ExecutionResult | Promise<ExecutionResult> | undefined {
    if (!isPlainParameters(body)) return undefined;
    const prepared = this.#byQuery.get(body.query)?.get(body.operationName ?? null);
    if (!prepared) return undefined;
    if (prepared.compiled === undefined)
      prepared.compiled = compileOperation(this.#schema, prepared.document, prepared.operationName);
    if (!prepared.compiled || hostileInputRefusal(prepared.document, body.variables)) return undefined;
    return (
      runCompiled(prepared.compiled, { schema: this.#schema, contextValue, variableValues: body.variables }) ??
      undefined
    );
  }
}
