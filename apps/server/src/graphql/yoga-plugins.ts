import type { FastifyRequest } from 'fastify';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config.js';
import { armorPlugins } from './armor.js';
import type { Authenticator } from './context.js';
import { useTrustedDocuments } from './trusted-documents.js';

/** A Yoga plugin with the name fast-path/README.md lists it by. */
export interface NamedPlugin {
  name: string;
  plugin: Plugin | Plugin<Record<string, unknown>, { req: FastifyRequest }>;
}

/**
 * Every plugin Yoga runs, in order: the one list. None of them runs on a document's repeat requests, which take the
 * fast path; fast-path/README.md says what a plugin must be to be safe here, and its test fails when this list
 * changes until the README is revisited.
 */
export function yogaPlugins(options: {
  config: Pick<Config, 'isProduction'>;
  /** Set when GRAPHQL_TRUSTED_DOCUMENTS=enforce. */
  trustedDocuments: { trustedHashes: Set<string>; authenticator: Authenticator } | null;
}): NamedPlugin[] {
  return [
    ...(options.trustedDocuments
      ? [{ name: 'trusted-documents', plugin: useTrustedDocuments(options.trustedDocuments) }]
      : []),
    ...armorPlugins(options.config),
  ];
}
