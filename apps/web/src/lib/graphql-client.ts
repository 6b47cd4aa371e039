import { errorCodes, isErrorCode } from '@dxp/contracts/error-codes';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode, Kind, OperationDefinitionNode } from '@0no-co/graphql.web';
import { type Session, SessionUnansweredError } from './session';

type GraphQLErrorPayload = {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; fields?: Record<string, string[]>; [key: string]: unknown };
};

type GraphQLResponseBody<TResult> = { data?: TResult | null; errors?: GraphQLErrorPayload[] };

export type GraphQLOperation = { type: 'query' | 'mutation' | 'subscription' | 'unknown'; name: string };

export const graphqlClientName = 'dxp-web';

/** A failed GraphQL call (docs/spec.md §8): non-OK HTTP answers and GraphQL errors alike. */
export class GraphQLRequestError extends Error {
  override name = 'GraphQLRequestError';
  readonly client = graphqlClientName;
  readonly messages: string[];

  constructor(
    readonly operation: GraphQLOperation,
    readonly status: number,
    readonly errors: GraphQLErrorPayload[],
  ) {
    super(errors[0]?.message ?? `The ${operation.name} request failed with HTTP status ${status}`);
    this.messages = errors.map((error) => error.message);
  }

  /** The product error code of the first error (docs/api.md), if the server gave one. */
  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }
}

type GraphQLClientOptions = {
  session: Pick<Session, 'getAccessToken' | 'refreshAccessToken' | 'endLocally'>;
  /** Called after the session was ended because it could not be refreshed; sends the user to `/`. */
  onSessionEnded: () => void;
  /** Every GraphQLRequestError passes here once (monitoring). */
  onError?: (error: GraphQLRequestError) => void;
  fetch?: typeof fetch;
  endpoint?: string;
};

type VariablesArgument<TVariables> =
  Record<string, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables];

export type GraphQLClient = {
  request<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    ...[variables]: VariablesArgument<TVariables>
  ): Promise<TResult>;
};

const printedDocuments = new WeakMap<DocumentNode, string>();

/**
 * POSTs typed documents to /graphql with our access token. An AUTH_NOT_AUTHENTICATED answer
 * refreshes the token once and repeats the call once; if the refresh fails the session ends and
 * "Unauthorized" is raised (docs/spec.md §4).
 */
export function createGraphQLClient({
  session,
  onSessionEnded,
  onError,
  fetch: fetchImplementation = (input, init) => globalThis.fetch(input, init),
  endpoint = '/graphql',
}: GraphQLClientOptions): GraphQLClient {
  async function send<TResult>(document: DocumentNode, operation: GraphQLOperation, variables: unknown) {
    const accessToken = session.getAccessToken();
    let response: Response;
    try {
      const query = await printOnce(document);
      response = await fetchImplementation(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/graphql-response+json, application/json',
          ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        },
        body: JSON.stringify({ query, variables: variables ?? {}, operationName: operation.name }),
      });
    } catch {
      throw new GraphQLRequestError(operation, 0, [
        { message: 'The server could not be reached. Check your connection.' },
      ]);
    }
    const body = (await response.json().catch(() => ({}))) as GraphQLResponseBody<TResult>;
    return { status: response.status, ok: response.ok, body };
  }

  async function request<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    ...[variables]: VariablesArgument<TVariables>
  ): Promise<TResult> {
    const operation = operationOf(document);
    try {
      let result = await send<TResult>(document, operation, variables);
      if (isNotAuthenticated(result.body)) {
        try {
          await session.refreshAccessToken();
        } catch (refreshError) {
          // A renewal that got no answer says nothing about the session (decision 0152): the call fails, it stays.
          if (!(refreshError instanceof SessionUnansweredError)) {
            await session.endLocally();
            onSessionEnded();
          }
          throw refreshError;
        }
        result = await send<TResult>(document, operation, variables);
      }
      const errors = result.body.errors ?? [];
      if (!result.ok || errors.length > 0 || result.body.data == null) {
        throw new GraphQLRequestError(operation, result.status, errors);
      }
      return result.body.data;
    } catch (error) {
      if (error instanceof GraphQLRequestError) {
        onError?.(error);
      }
      throw error;
    }
  }

  return { request };
}

function isNotAuthenticated(body: GraphQLResponseBody<unknown>): boolean {
  return body.errors?.some((error) => error.extensions?.code === 'AUTH_NOT_AUTHENTICATED') ?? false;
}

function operationOf(document: DocumentNode): GraphQLOperation {
  const definition = document.definitions.find(
    // Kind.OPERATION_DEFINITION's value: importing the enum would put the whole parser in the start-up bundle.
    (node): node is OperationDefinitionNode => node.kind === ('OperationDefinition' as Kind.OPERATION_DEFINITION),
  );
  return {
    type: definition ? `${definition.operation}` : 'unknown',
    name: definition?.name?.value ?? 'anonymous',
  };
}

async function printOnce(document: DocumentNode): Promise<string> {
  let printed = printedDocuments.get(document);
  if (!printed) {
    // The small printer gql.tada itself uses, loaded on demand: every screen that sends a document has
    // already loaded it (gql.tada parses with it), and the start-up bundle does not need it.
    const { print } = await import('@0no-co/graphql.web');
    printed = print(document);
    printedDocuments.set(document, printed);
  }
  return printed;
}

export type ParsedError = { title: string; message: string; fieldErrors?: Record<string, string> };

/** Turns any failure into what a toast or a form shows (docs/conventions.md §3). */
export function parseError(error: unknown): ParsedError {
  if (error instanceof GraphQLRequestError) {
    const firstError = error.errors[0];
    const fieldErrors =
      fieldErrorsOf(firstError?.extensions?.fields) ??
      // A rule about one field (e.g. DUPLICATE_VALUE on friendlyId) names it in `extensions.field`.
      (typeof firstError?.extensions?.field === 'string'
        ? fieldErrorsOf({ [firstError.extensions.field]: [error.message] })
        : undefined);
    return {
      title: isErrorCode(error.code) ? errorCodes[error.code].title : 'Something went wrong',
      message: error.message,
      ...(fieldErrors ? { fieldErrors } : {}),
    };
  }
  if (error instanceof Error && error.message) {
    return { title: 'Something went wrong', message: error.message };
  }
  return { title: 'Something went wrong', message: 'An unexpected error occurred. Please try again.' };
}

/** `{ "input.name": ["Too short"] }` (the server's zod paths) → `{ name: "Too short" }`. */
function fieldErrorsOf(fields: Record<string, string[]> | undefined): Record<string, string> | undefined {
  if (!fields) {
    return undefined;
  }
  const entries = Object.entries(fields).flatMap(([path, messages]) => {
    const field = path.includes('.') ? path.slice(path.indexOf('.') + 1) : path;
    return messages[0] ? [[field, messages[0]] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
