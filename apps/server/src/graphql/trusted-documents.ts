import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isDatabaseUnavailable } from '../db/errors.js';
import { databaseUnavailable, isAppError } from '../errors.js';
import type { Authenticator } from './context.js';
import { graphQLErrorOf } from './errors.js';

/** Written by the web build's check (`npm run documents:print -w apps/web`): SHA-256 of each document → its text. */
export const webTrustedDocumentsFile = fileURLToPath(new URL('../../../web/trusted-documents.json', import.meta.url));

export function loadTrustedDocumentHashes(file = webTrustedDocumentsFile): Set<string> {
  if (!existsSync(file)) {
    throw new Error(
      `GRAPHQL_TRUSTED_DOCUMENTS=enforce needs the web client's document list at ${file} (build the web app).`,
    );
  }
  return new Set(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
}

/** The SHA-256 of a document's text, as the web build lists it. */
export function documentHash(query: string): string {
  return createHash('sha256').update(query).digest('hex');
}

const untrustedDocument = () =>
  new GraphQLError("This server runs only the portal's own operations for browsers; other clients use a service key.", {
    extensions: { code: 'INVALID_REQUEST', http: { status: 400 } },
  });

/**
 * Trusted documents (docs/decisions/0082-trusted-documents-hash-printed-text.md): a document the web client does not send is executed only for a service key,
 * so a stolen browser token cannot explore the API with hand-written queries. Checked before parsing.
 */
export function useTrustedDocuments(options: {
  trustedHashes: Set<string>;
  authenticator: Authenticator;
}): Plugin<Record<string, unknown>, { req: FastifyRequest }> {
  return {
    onParams: async ({ params, context, setResult }) => {
      const hash = documentHash(typeof params.query === 'string' ? params.query : '');
      if (options.trustedHashes.has(hash)) return;
      let actor;
      try {
        actor = await options.authenticator.authenticate(context.req.headers.authorization);
      } catch (error) {
        // A refused credential is simply not a service key; a database outage must say so (503), not "untrusted".
        if (isDatabaseUnavailable(error)) {
          setResult({ errors: [graphQLErrorOf(databaseUnavailable())] });
          return;
        }
        if (!isAppError(error)) throw error;
      }
      if (actor?.kind === 'service-key') return;
      context.req.log.info(
        { documentHash: hash, operationName: params.operationName },
        'GraphQL request refused: untrusted document',
      );
      setResult({ errors: [untrustedDocument()] });
    },
  };
}
