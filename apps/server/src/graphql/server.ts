import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ExecutionResult, GraphQLError } from 'graphql';
import { createYoga, type GraphQLParams, type Plugin, processRegularResult } from 'graphql-yoga';
import { createOperationRateLimiter } from '../auth/rate-limit.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { errorCodes } from '../errors.js';
import { armorPlugins } from './armor.js';
import { useCompiledExecution } from './compiled-execution.js';
import { type Authenticator, createGraphqlContext, type GraphqlContext } from './context.js';
import { isGraphQLError, toClientError } from './errors.js';
import { PreparedRequests } from './prepared-requests.js';
import { schema } from './schema.js';
import { documentHash, loadTrustedDocumentHashes, useTrustedDocuments } from './trusted-documents.js';

/** What the handler gives Yoga for each request: the request's GraphQL context, with Fastify's request and reply. */
interface ServerContext extends GraphqlContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface GraphqlDependencies {
  config: Config;
  database: DatabaseHandle;
  authenticator: Authenticator;
}

export const GRAPHQL_PATH = '/graphql';

/**
 * `POST /graphql` (GraphQL over HTTP). Only JSON bodies are accepted: a form or text/plain body is
 * what a cross-site page can send without a preflight, so refusing them is the CSRF guard.
 *
 * Fastify has parsed the body already, and Yoga runs it from its parameters on: its parameter checks and
 * `onParams` hooks (the trusted documents), the cached parse and validation, our plugins, masked errors and
 * execution, then its own JSON answer with the status GraphQL over HTTP asks for. Yoga's Fetch-API adapter
 * (`handleNodeRequestAndResponse`), which would turn the Node request into a `Request` and the answer into a
 * `Response` again, cost a quarter of a small query's CPU time (docs/performance.md).
 */
export async function registerGraphql(app: FastifyInstance, dependencies: GraphqlDependencies): Promise<void> {
  const { config, database, authenticator } = dependencies;
  const rateLimiter = createOperationRateLimiter(app);
  const trustedHashes = config.enforceTrustedDocuments ? loadTrustedDocumentHashes() : null;
  const trustedDocuments = trustedHashes ? [useTrustedDocuments({ trustedHashes, authenticator })] : [];
  const preparedRequests = new PreparedRequests({
    schema,
    isTrusted: (query) => !trustedHashes || trustedHashes.has(documentHash(query)),
  });
  const yoga = createYoga<ServerContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: false,
    landingPage: false,
    batching: false,
    multipart: false,
    cors: false,
    logging: {
      debug: (...args) => app.log.debug(args, 'graphql'),
      info: (...args) => app.log.info(args, 'graphql'),
      warn: (...args) => app.log.warn(args, 'graphql'),
      error: (...args) => app.log.error(args, 'graphql'),
    },
    // Errors of execution are mapped with the request at hand by `useClientErrors`; this catches the rest.
    maskedErrors: { maskError: (error) => maskOutsideExecution(error, app) },
    plugins: [...trustedDocuments, useClientErrors(), ...armorPlugins(config), useCompiledExecution()],
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
      // Yoga sets the request on it for plugins that read it; none of ours does, and `req` is there.
      const context = Object.assign(
        createGraphqlContext(request, { config, db: database.db, authenticator, rateLimiter }),
        {
          req: request,
          reply,
        },
      );
      let result: ExecutionResult;
      try {
        const prepared = await preparedRequests.run(request.body, context);
        if (prepared) {
          // As Yoga maps an execution's errors: ours for the client (`useClientErrors`), then its masking.
          const errors = prepared.errors?.map((error) => maskOutsideExecution(toClientError(error, context), app));
          result = errors ? { ...prepared, errors } : prepared;
        } else {
          result = (await yoga.getResultForParams(
            { params: request.body as GraphQLParams, request: request as unknown as Request },
            context,
          )) as ExecutionResult;
          // Its document passed every check before execution: the next request with it takes the short way.
          if ('data' in result) preparedRequests.remember(request.body);
        }
      } catch (error) {
        // What Yoga does with an error thrown before execution (a parameter check): its masking answers it.
        result = { errors: [maskOutsideExecution(error, app)] };
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

/** The answers of GraphQL over HTTP for a single result, as Yoga offers them. */
const answerMediaTypes = ['application/graphql-response+json', 'application/json'] as const;
type AnswerMediaType = (typeof answerMediaTypes)[number];

/** Clients send a handful of `Accept` values, each over and over: the answer is remembered per value. */
const mediaTypeByAccept = new Map<string | undefined, AnswerMediaType | null>();
const MAX_REMEMBERED_ACCEPT_VALUES = 100;

/**
 * The answer's media type as Yoga picks it: the first media range of `Accept` that either type matches
 * (quality values are not weighed), the plain JSON type when both do; null when no range takes JSON.
 */
export function acceptedMediaType(accept: string | undefined): AnswerMediaType | null {
  let mediaType = mediaTypeByAccept.get(accept);
  if (mediaType === undefined) {
    mediaType = mediaTypeOfAccept(accept);
    if (mediaTypeByAccept.size >= MAX_REMEMBERED_ACCEPT_VALUES) mediaTypeByAccept.clear();
    mediaTypeByAccept.set(accept, mediaType);
  }
  return mediaType;
}

function mediaTypeOfAccept(accept: string | undefined): AnswerMediaType | null {
  for (const range of (accept ?? '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaRange = '', ...parameters] = range.split(';');
    const charset = parameters.find((parameter) => parameter.startsWith('charset='));
    if (charset !== undefined && charset !== 'charset=utf-8') continue;
    const [rangeType, rangeSubtype] = mediaRange.split('/');
    const matching = answerMediaTypes.filter((type) => {
      const [typeType, typeSubtype] = type.split('/');
      return (rangeType === '*' || rangeType === typeType) && (rangeSubtype === '*' || rangeSubtype === typeSubtype);
    });
    if (matching.length > 0) return matching.at(-1)!;
  }
  return null;
}

const JSON_CONTENT_TYPE = /^\s*application\/json\s*(?:;|$)/i;

function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_CONTENT_TYPE.test(contentType);
}

function graphqlErrorBody(message: string, code: string) {
  return { errors: [{ message, extensions: { code } }] };
}

/** Malformed JSON, a wrong content type, an oversized body: a GraphQL-shaped 4xx, never a 500. */
function replyWithGraphqlError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unexpected error before GraphQL execution');
    return reply.status(500).send({
      errors: [{ message: 'Unexpected error', extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: request.id } }],
    });
  }
  request.log.info({ status, code: error.code }, error.message);
  const message = status === 413 ? 'The request body is larger than 1 MiB.' : error.message;
  return reply.status(status).send(graphqlErrorBody(message, 'INVALID_REQUEST'));
}

/** The product's codes, and INTERNAL_SERVER_ERROR on an error already masked. */
function isClientFacingCode(code: unknown): code is string {
  return typeof code === 'string' && (Object.hasOwn(errorCodes, code) || code === 'INTERNAL_SERVER_ERROR');
}

/** graphql-js hints such as `Did you mean "me"?` or `Did you mean the enum value "DESC"?` map the schema for a guesser. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/**
 * A request refused before execution (an unusable body, syntax, validation, limits, variable values)
 * is the client's mistake: INVALID_REQUEST unless it carries a product code (Yoga's own BAD_REQUEST or
 * OPERATION_RESOLUTION_FAILURE do not count), without "Did you mean" hints or Yoga's `originalError` details.
 */
function asInvalidRequest(error: GraphQLError): GraphQLError {
  const { code, originalError: yogaDetails, ...extensions } = error.extensions;
  const message = error.message.replace(SUGGESTION, '');
  if (isClientFacingCode(code) && message === error.message && yogaDetails === undefined) return error;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...extensions, code: isClientFacingCode(code) ? code : 'INVALID_REQUEST' },
  });
}

/**
 * Every refused document gets `extensions.code` INVALID_REQUEST; resolver errors are mapped while
 * the request (its id and logger) is at hand.
 */
function useClientErrors(): Plugin<GraphqlContext> {
  return {
    onParse:
      () =>
      ({ result, replaceParseResult }) => {
        if (isGraphQLError(result)) replaceParseResult(asInvalidRequest(result));
      },
    onValidate:
      () =>
      ({ result, setResult }) => {
        if (result.length) setResult(result.map((error) => (isGraphQLError(error) ? asInvalidRequest(error) : error)));
      },
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result, setResult }) => {
        if (!('errors' in result) || !result.errors?.length) return;
        const context = args.contextValue;
        setResult({ ...result, errors: result.errors.map((error) => toClientError(error, context)) });
      },
    }),
  };
}

function maskOutsideExecution(error: unknown, app: FastifyInstance): GraphQLError {
  if (isGraphQLError(error) && (!error.originalError || isGraphQLError(error.originalError))) {
    return asInvalidRequest(error);
  }
  app.log.error({ err: error }, 'unexpected GraphQL error outside execution');
  return new GraphQLError('Unexpected error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}
