import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

/** Typed documents checked against the server's printed schema (apps/server/schema.graphql). */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; Date: string; ID: string };
}>();
