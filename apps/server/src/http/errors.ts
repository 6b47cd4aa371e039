import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.js';
import { databaseUnavailable, isAppError } from '../errors.js';

/** One JSON error shape for every REST route; never a stack trace or SQL text. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = isDatabaseUnavailable(thrown) ? databaseUnavailable() : thrown;
    if (isAppError(error)) {
      if (error.code === 'SERVICE_UNAVAILABLE') reply.header('retry-after', '5');
      request.log.info({ code: error.code }, error.message);
      // Details are safe for the caller by AppError's contract (a field, a sign-in's `reason`).
      return reply
        .status(error.httpStatus)
        .send({ error: { ...error.details, code: error.code, message: error.message } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      return reply.status(status).send({ error: { code: clientErrorCode(status), message: error.message } });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'Unexpected error', requestId: request.id } });
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.info({ url: request.url }, 'no route');
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}

function clientErrorCode(status: number): string {
  switch (status) {
    case 401:
      return 'AUTH_NOT_AUTHENTICATED';
    case 403:
      return 'AUTH_NOT_AUTHORIZED';
    case 404:
      return 'NOT_FOUND';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'INVALID_REQUEST';
  }
}
