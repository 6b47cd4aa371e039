import { type ExecutionResult, GraphQLError } from 'graphql';
import { errorCodes } from '../errors.js';
import type { GraphqlContext } from './context.js';
import { isGraphQLError, toClientError } from './errors.js';

/**
 * A request error (the request was refused before execution) answers 400 under `application/graphql-response+json`
 * and 200 under `application/json`, as GraphQL over HTTP asks: Yoga's `spec` flag applies the status to the first
 * media type only.
 */
const requestErrorHttp = { status: 400, spec: true } as const;

/** A request refused before execution, in the client's words: INVALID_REQUEST, 400 under GraphQL over HTTP. */
export function requestError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'INVALID_REQUEST', http: requestErrorHttp } });
}

/** The product's codes, and INTERNAL_SERVER_ERROR on an error already masked. */
function isClientFacingCode(code: unknown): code is string {
  return typeof code === 'string' && (Object.hasOwn(errorCodes, code) || code === 'INTERNAL_SERVER_ERROR');
}

/** graphql-js hints such as `Did you mean "me"?` or `Did you mean the enum value "DESC"?` map the schema for a guesser. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/**
 * A request refused before execution (an unusable body, syntax, validation, limits, variable values) is the
 * client's mistake: INVALID_REQUEST unless it carries a product code (Yoga's own BAD_REQUEST or
 * OPERATION_RESOLUTION_FAILURE do not count), 400 unless it names its own status, without "Did you mean" hints
 * or Yoga's `originalError` details.
 */
function asRequestError(error: GraphQLError): GraphQLError {
  const { code, originalError: yogaDetails, http, ...extensions } = error.extensions;
  const message = error.message.replace(SUGGESTION, '');
  if (isClientFacingCode(code) && http !== undefined && message === error.message && yogaDetails === undefined) {
    return error;
  }
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: {
      ...extensions,
      code: isClientFacingCode(code) ? code : 'INVALID_REQUEST',
      http: http ?? requestErrorHttp,
    },
  });
}

/** The request at hand, as `toClientError` logs and masks with it. */
type RequestAtHand = Pick<GraphqlContext, 'requestId' | 'logger'>;

/** Something thrown that is not an error of GraphQL: logged in full, masked for the client. */
function unexpected(error: unknown, logger: RequestAtHand['logger']): GraphQLError {
  logger.error({ err: error }, 'unexpected GraphQL error outside execution');
  return new GraphQLError('Unexpected error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

/**
 * The one place a result's errors become what clients see, for Yoga's answers and the fast path's alike: errors of
 * execution through `toClientError` (product codes, masking with the request id); a result without data is a
 * request refused before execution, each of its errors a request error.
 */
export function clientResultOf(result: ExecutionResult, request: RequestAtHand): ExecutionResult {
  if (!result.errors?.length) return result;
  const refusedBeforeExecution = !('data' in result);
  const errors = result.errors.map((error) => {
    if (!isGraphQLError(error)) return unexpected(error, request.logger);
    if (error.originalError && !isGraphQLError(error.originalError)) return toClientError(error, request);
    return refusedBeforeExecution ? asRequestError(error) : error;
  });
  return { ...result, errors };
}

/** What Yoga throws before execution (a parameter check): a request error, or masked when it is not GraphQL's. */
export function thrownBeforeExecution(error: unknown, request: RequestAtHand): ExecutionResult {
  return clientResultOf({ errors: [error as GraphQLError] }, request);
}
