import { GraphQLError, type GraphQLErrorOptions } from 'graphql';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, isForeignKeyViolation } from '../db/errors.js';
import { AppError, databaseUnavailable, isAppError } from '../errors.js';

const UNEXPECTED_MESSAGE = 'Unexpected error';
const serviceUnavailableHttp = { status: 503, headers: { 'retry-after': '5' } };

/**
 * By name, as envelop checks: `graphql` ships CommonJS and ESM builds, and libraries may load the
 * other one, so `instanceof` can miss.
 */
export function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/** Field messages keyed by input path, e.g. `{ "input.name": ["Too short"] }`. */
export function invalidRequestFromZod(error: ZodError): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || 'input';
    (fields[path] ??= []).push(issue.message);
  }
  return new AppError('INVALID_REQUEST', 'The request has invalid values.', { fields });
}

/** A product error as clients receive it. */
export function graphQLErrorOf(known: AppError, location: Omit<GraphQLErrorOptions, 'extensions'> = {}): GraphQLError {
  return new GraphQLError(known.message, {
    ...location,
    // `http` sets the response status (and is not sent): a client or load balancer retries a 503.
    extensions: {
      code: known.code,
      ...known.details,
      ...(known.code === 'SERVICE_UNAVAILABLE' ? { http: serviceUnavailableHttp } : {}),
      ...(known.code === 'RATE_LIMITED' && typeof known.details?.retryAfterSeconds === 'number'
        ? { http: { status: 429, headers: { 'retry-after': String(known.details.retryAfterSeconds) } } }
        : {}),
    },
  });
}

/**
 * The one place errors become what clients see: product errors keep their code and safe details,
 * GraphQL's own request errors pass unchanged, anything else is logged and masked.
 */
export function toClientError(error: GraphQLError, request: { requestId: string; logger: Logger }): GraphQLError {
  const cause = error.originalError;
  if (!cause || isGraphQLError(cause)) return error;
  const known = isAppError(cause)
    ? cause
    : cause instanceof ZodError
      ? invalidRequestFromZod(cause)
      : isForeignKeyViolation(cause)
        ? // Something the request refers to was deleted while it ran, the caller's own account included.
          new AppError('NOT_FOUND', 'Something this request refers to no longer exists.')
        : isDatabaseUnavailable(cause)
          ? databaseUnavailable()
          : undefined;
  const location = { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path };
  if (known) {
    request.logger[known.code === 'SERVICE_UNAVAILABLE' ? 'warn' : 'info'](
      { code: known.code, path: error.path?.join('.') },
      known.message,
    );
    return graphQLErrorOf(known, location);
  }
  request.logger.error({ err: cause, path: error.path?.join('.') }, 'unexpected GraphQL error');
  return new GraphQLError(UNEXPECTED_MESSAGE, {
    ...location,
    extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: request.requestId },
  });
}
