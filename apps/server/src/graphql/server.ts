import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ExecutionResult } from 'graphql';
import { type GraphQLParams, processRegularResult } from 'graphql-yoga';
import { createOperationRateLimiter } from '../auth/rate-limit.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { type Authenticator, createGraphqlContext } from './context.js';
import { PreparedRequests } from './fast-path/prepared-requests.js';
import { acceptedMediaType, answerMediaTypes, isJsonContentType } from './media-types.js';
import { clientResultOf, thrownBeforeExecution } from './request-errors.js';
import { schema } from './schema.js';
import { documentHash, loadTrustedDocumentHashes } from './trusted-documents.js';
import { createGraphqlYoga, GRAPHQL_PATH } from './yoga.js';
import { yogaPlugins } from './yoga-plugins.js';

export interface GraphqlDependencies {
  config: Config;
  database: DatabaseHandle;
  authenticator: Authenticator;
}

/**
 * `POST /graphql` (GraphQL over HTTP). Only JSON bodies are accepted: a form or text/plain body is
 * what a cross-site page can send without a preflight, so refusing them is the CSRF guard.
 *
 * Fastify has parsed the body already. A document Yoga has executed before takes the fast path (fast-path/README.md);
 * any other request runs through Yoga from its parameters on (docs/decisions/0090). Whatever answers, the errors are
 * mapped here, in one place, and the status is GraphQL over HTTP's.
 */
export function registerGraphql(app: FastifyInstance, dependencies: GraphqlDependencies): void {
  const { config, database, authenticator } = dependencies;
  const rateLimiter = createOperationRateLimiter(app);
  const trustedHashes = config.enforceTrustedDocuments ? loadTrustedDocumentHashes() : null;
  const preparedRequests = new PreparedRequests({
    schema,
    isTrusted: (query) => !trustedHashes || trustedHashes.has(documentHash(query)),
  });
  const yoga = createGraphqlYoga({
    logger: app.log,
    plugins: yogaPlugins({ config, trustedDocuments: trustedHashes ? { trustedHashes, authenticator } : null }),
  });

  app.route({
    url: GRAPHQL_PATH,
    method: 'POST',
    errorHandler: replyWithGraphqlError,
    preValidation: (request, _reply, done) => {
      if (isJsonContentType(request.headers['content-type'])) return done();
      done(Object.assign(new Error('GraphQL requests must be sent as application/json.'), { statusCode: 415 }));
    },
    handler: async (request, reply) => {
      const mediaType = acceptedMediaType(request.headers.accept);
      if (!mediaType) {
        request.log.info({ accept: request.headers.accept }, 'GraphQL request refused: no JSON answer accepted');
        reply.header('accept', answerMediaTypes.map((type) => `${type}; charset=utf-8`).join(', '));
        return reply.status(406).send(graphqlErrorBody('This endpoint answers in JSON only.', 'INVALID_REQUEST'));
      }
      if (Array.isArray(request.body)) {
        request.log.info('GraphQL request refused: a batch');
        return reply.status(400).send(graphqlErrorBody('Batching is not supported.', 'INVALID_REQUEST'));
      }
      // The context is built here rather than by Yoga's `context` option, which costs a plugin hook per request.
      // Yoga sets the request on it for plugins that read it; `req` is there.
      const context = Object.assign(
        createGraphqlContext(request, { config, db: database.db, authenticator, rateLimiter }),
        { req: request, reply },
      );
      let result: ExecutionResult;
      try {
        const prepared = await preparedRequests.run(request.body, context);
        if (prepared) {
          result = clientResultOf(prepared, context);
        } else {
          result = clientResultOf(
            (await yoga.getResultForParams(
              { params: request.body as GraphQLParams, request: request as unknown as Request },
              context,
            )) as ExecutionResult,
            context,
          );
          // Its document passed every check before execution: the next request with it takes the fast path.
          if ('data' in result) preparedRequests.remember(request.body);
        }
      } catch (error) {
        result = thrownBeforeExecution(error, context);
      }
      if (result.errors?.length && !('data' in result)) {
        request.log.info({ errors: result.errors.map((error) => error.message) }, 'GraphQL request refused');
      }
      // Most answers carry data and no errors: 200 and the JSON, as Yoga would write them, without building a
      // Fetch `Response` to read back. Errors and extensions go through Yoga's own status and error rules.
      if (!result.errors && !result.extensions) {
        return reply.status(200).header('content-type', `${mediaType}; charset=utf-8`).send(JSON.stringify(result));
      }
      const response = processRegularResult(result, yoga.fetchAPI, mediaType);
      response.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      return reply.status(response.status).send(await response.text());
    },
  });
  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    handler: async (request, reply) => {
      request.log.info({ method: request.method }, 'GraphQL request refused: not a POST');
      reply.header('allow', 'POST');
      return reply.status(405).send(graphqlErrorBody('GraphQL requests must use POST.', 'INVALID_REQUEST'));
    },
  });
}

function graphqlErrorBody(message: string, code: string) {
  return { errors: [{ message, extensions: { code } }] };
}

/** Malformed JSON, a wrong content type, an oversized body: a GraphQL-shaped 4xx, never a 500. */
function replyWithGraphqlError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unexpected error before GraphQL execution');
    void reply.status(500).send({
      errors: [{ message: 'Unexpected error', extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: request.id } }],
    });
    return;
  }
  request.log.info({ status, code: error.code }, error.message);
  const message = status === 413 ? 'The request body is larger than 1 MiB.' : error.message;
  void reply.status(status).send(graphqlErrorBody(message, 'INVALID_REQUEST'));
}
