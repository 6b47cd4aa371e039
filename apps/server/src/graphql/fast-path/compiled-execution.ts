import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type GraphQLSchema,
  isSpecifiedScalarType,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
  typeFromAST,
  visit,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

/** A scalar of the schema whose values pass through unchanged (`parseValue` is the identity). */
const PASS_THROUGH_SCALAR = 'JSON';

/**
 * An operation compiled once per document (graphql-jit), run instead of interpreting the
 * document field by field on every request: in a bare benchmark of the notifications flyout's document, 2 µs instead
 * of 41 µs. The fast path compiles a document when it comes a second time, so a client sending ever new documents
 * never makes the server compile (it costs more than an interpreted run).
 *
 * Variables are coerced by graphql-js against the document's own definitions, defaults included, as Yoga's
 * executor coerces them, and handed over coerced. graphql-jit generates the coercion code of an input object type
 * inline, so a recursive filter input (`and`/`or`) would never finish compiling (graphql-jit issue 81,
 * https://github.com/zalando-incubator/graphql-jit/issues/81): every variable but those of GraphQL's own scalars
 * (whose coercion leaves a coerced value as it is, and which `@include(if:)` needs typed) reaches it through a
 * definition retyped as the pass-through scalar. Values that do not coerce, and a document graphql-jit cannot
 * compile, are left to Yoga, so their answers are exactly its own.
 */
export interface CompiledOperation {
  operation: OperationDefinitionNode;
  fragments: Map<string, FragmentDefinitionNode>;
  query: CompiledQuery['query'];
  /** The variables of recent requests, coerced, by their JSON text (never handed out: each request gets a copy). */
  coercedVariables: Map<string, Record<string, unknown>>;
}

/** Distinct variable texts kept per operation, and the longest text kept: a repeat request is what is saved. */
const MAX_COERCED_VARIABLES = 32;
const MAX_VARIABLES_TEXT_LENGTH = 1024;

/**
 * Runs a compiled operation with the request's raw variable values, coerced here; null when they do not
 * coerce, for the interpreter to answer with its own errors (nothing has run then).
 */
export function runCompiled(
  compiled: CompiledOperation,
  args: Pick<ExecutionArgs, 'schema' | 'rootValue' | 'contextValue' | 'variableValues'>,
): ExecutionResult | Promise<ExecutionResult> | null {
  const coerced = coercedVariablesOf(compiled, args);
  if (!coerced) return null;
  const answer = compiled.query(args.rootValue, args.contextValue, coerced);
  return answer instanceof Promise
    ? answer.then((result) => withDocumentNodes(result, compiled))
    : withDocumentNodes(answer, compiled);
}

/**
 * The request's variables coerced against the operation's definitions; null when they do not coerce. A client sends
 * the same variables over and over (a list's first page, its filter), so the coerced values of a text seen before are
 * copied instead of coerced again: coercion is a function of the definitions and the values alone. Only values made of
 * plain objects, arrays and primitives are kept, so a copy is the same as a new coercion.
 */
function coercedVariablesOf(
  compiled: CompiledOperation,
  args: Pick<ExecutionArgs, 'schema' | 'variableValues'>,
): Record<string, unknown> | null {
  const raw = args.variableValues ?? {};
  const text = JSON.stringify(raw);
  const kept = compiled.coercedVariables.get(text);
  if (kept) return copyOfPlain(kept) as Record<string, unknown>;
  const variables = getVariableValues(args.schema, compiled.operation.variableDefinitions ?? [], raw);
  if (variables.errors) return null;
  if (text.length <= MAX_VARIABLES_TEXT_LENGTH && isPlain(variables.coerced)) {
    if (compiled.coercedVariables.size >= MAX_COERCED_VARIABLES) {
      compiled.coercedVariables.delete(compiled.coercedVariables.keys().next().value!);
    }
    compiled.coercedVariables.set(text, copyOfPlain(variables.coerced) as Record<string, unknown>);
  }
  return variables.coerced;
}

/**
 * Primitives, and arrays and objects holding only such values, the objects with graphql-js' null prototype or
 * `Object.prototype` (a Date is not plain), no key of them `__proto__` (which a copy would take for its prototype).
 */
function isPlain(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'function';
  if (Array.isArray(value)) return value.every(isPlain);
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== null && prototype !== Object.prototype) return false;
  return Object.keys(value).every((key) => key !== '__proto__' && isPlain((value as Record<string, unknown>)[key]));
}

/** A copy of a value `isPlain` accepts, its objects with the same prototype. */
function copyOfPlain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyOfPlain);
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = copyOfPlain((value as Record<string, unknown>)[key]);
  return copy;
}

/** The document's operation compiled, or null when graphql-jit cannot compile it (the interpreter runs it). */
export function compileOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): CompiledOperation | null {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const compilable = visit(document, {
    VariableDefinition: (definition) => {
      const type = getNamedType(typeFromAST(schema, definition.type));
      if (type && isSpecifiedScalarType(type)) return undefined;
      const passThrough = { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: PASS_THROUGH_SCALAR } } as const;
      return { ...definition, type: passThrough, defaultValue: undefined };
    },
  });
  const compiled = compileQuery(schema, compilable, operationName ?? undefined);
  return isCompiledQuery(compiled)
    ? { operation, fragments: fragmentsOf(document), query: compiled.query, coercedVariables: new Map() }
    : null;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/**
 * graphql-jit's errors carry their locations but not the document's nodes, from which Yoga and our error mapping
 * build an error again: each is rebuilt as graphql-js builds a field error, with the nodes its path names.
 */
function withDocumentNodes(result: ExecutionResult, compiled: CompiledOperation): ExecutionResult {
  if (!result.errors) return result;
  return {
    ...result,
    errors: result.errors.map((error) =>
      error.path
        ? new GraphQLError(error.message, {
            nodes: fieldNodesAt(error.path, compiled),
            path: error.path,
            originalError: error.originalError,
          })
        : error,
    ),
  };
}

/** The fields a response path names: by response key (alias or name), through fragments, list indexes skipped. */
function fieldNodesAt(path: readonly (string | number)[], compiled: CompiledOperation): FieldNode[] {
  let selectionSets: (readonly SelectionNode[])[] = [compiled.operation.selectionSet.selections];
  let fields: FieldNode[] = [];
  const collect = (selections: readonly SelectionNode[], responseKey: string) => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) {
        if ((selection.alias ?? selection.name).value === responseKey) fields.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet.selections, responseKey);
      } else {
        const fragment = compiled.fragments.get(selection.name.value);
        if (fragment) collect(fragment.selectionSet.selections, responseKey);
      }
    }
  };
  for (const key of path) {
    if (typeof key === 'number') continue;
    fields = [];
    for (const selections of selectionSets) collect(selections, key);
    selectionSets = fields.flatMap((field) => (field.selectionSet ? [field.selectionSet.selections] : []));
  }
  return fields;
}
