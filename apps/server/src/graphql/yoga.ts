import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { GraphqlContext } from './context.js';
import { schema } from './schema.js';
import { type NamedPlugin } from './yoga-plugins.js';

/** What the handler gives Yoga for each request: the request's GraphQL context, with Fastify's request and reply. */
export interface YogaContext extends GraphqlContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Where the GraphQL endpoint is served. */
export const GRAPHQL_PATH = '/graphql';

export type GraphqlYoga = YogaServerInstance<object, YogaContext>;

/**
 * Yoga as the `/graphql` handler runs it, from the parsed parameters (docs/decisions/0090): no GraphiQL, batching,
 * uploads or CORS of its own. Its errors are left unmasked: the handler maps every answer's errors in one place
 * (`request-errors.ts`), for Yoga's answers and the fast path's alike.
 */
export function createGraphqlYoga(options: { logger: FastifyBaseLogger; plugins: NamedPlugin[] }): GraphqlYoga {
  const { logger } = options;
  return createYoga<object, YogaContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: false,
    landingPage: false,
    batching: false,
    multipart: false,
    cors: false,
    logging: {
      debug: (...args) => logger.debug(args, 'graphql'),
      info: (...args) => logger.info(args, 'graphql'),
      warn: (...args) => logger.warn(args, 'graphql'),
      error: (...args) => logger.error(args, 'graphql'),
    },
    maskedErrors: false,
    plugins: options.plugins.map((entry) => entry.plugin),
  });
}
