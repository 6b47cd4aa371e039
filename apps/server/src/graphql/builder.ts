import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../db/keyset-pagination.js';
import type { TeamRole } from '../db/schema/teams.js';
import { AppError } from '../errors.js';
import { hasAcceptedCurrentTerms, termsNotAccepted } from '../modules/users/terms-of-service.js';
import { requireTeamRole } from '../modules/teams/team-access.js';
import { teamAccessLoader } from '../modules/teams/team-loaders.js';
import type { GraphqlContext } from './context.js';

/** Scopes a field can require, computed once per request (parameterised ones through per-request loaders). */
export interface AuthScopes {
  /** Signed in and the current terms of service accepted: every operation but reading and accepting the terms. */
  authenticated: boolean;
  /** Signed in, whether or not the terms are accepted (accepting them). */
  signedIn: boolean;
  systemAdmin: boolean;
  /** Service keys act as their user except for key management and account deletion. */
  notServiceKey: boolean;
  /**
   * The caller holds one of `roles` in the team (a system admin always passes). An outsider gets
   * NOT_FOUND rather than a denial, so a team's existence is never revealed.
   */
  teamRole: { teamFriendlyId: string; roles: readonly TeamRole[] };
  /** Counts the request against its person's mutation limit (once per request); throws RATE_LIMITED past it. */
  withinMutationLimit: boolean;
}

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  AuthScopes: AuthScopes;
  Scalars: {
    ID: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date };
    Date: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
  Connection: { totalCount: () => Promise<number> };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: { list: true; items: false };
  DefaultNodeNullability: false;
}>({
  plugins: [ScopeAuthPlugin, RelayPlugin],
  // Non-null unless a field says otherwise, as Hot Chocolate types non-nullable values.
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: async (context) => {
      const actor = await context.actor();
      return {
        authenticated: actor !== null && hasAcceptedCurrentTerms(actor.user),
        signedIn: actor !== null,
        systemAdmin: actor?.user.isSystemAdmin === true,
        notServiceKey: actor?.kind === 'user',
        teamRole: async ({ teamFriendlyId, roles }) => {
          if (!actor) return false;
          const access = await context.loaders.get(teamAccessLoader).load({ userId: actor.user.id, teamFriendlyId });
          requireTeamRole(actor, access, roles);
          return true;
        },
        withinMutationLimit: async () => {
          // Anonymous mutations (contactUs…) have their own per-address limits.
          if (actor) await context.enforceMutationRateLimit(actor.user.id);
          return true;
        },
      };
    },
    unauthorizedError: (_parent, context) => {
      const actor = context.settledActor();
      if (!actor) return new AppError('AUTH_NOT_AUTHENTICATED', 'Sign in to do this.');
      if (!hasAcceptedCurrentTerms(actor.user)) return termsNotAccepted();
      return new AppError('AUTH_NOT_AUTHORIZED', 'You are not allowed to do this.');
    },
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Ids are plain UUIDs (as the original API's were), so no global `node`/`nodes` lookups.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    nodesOnConnection: { description: "The page's items, in order: `edges` without the cursors." },
    edgesFieldOptions: { nullable: { list: true, items: false }, description: "The page's items with their cursors." },
    nodeFieldOptions: { nullable: false, description: 'The item.' },
    cursorFieldOptions: { description: "The item's position, for `after` or `before`." },
    pageInfoFieldOptions: { description: 'Where this page lies in the whole list.' },
    pageInfoTypeOptions: { description: 'Where a page lies in its list, and the cursors to move on from it.' },
    hasNextPageFieldOptions: { description: 'More items follow this page.' },
    hasPreviousPageFieldOptions: { description: 'Items come before this page.' },
    startCursorFieldOptions: { description: "The first item's cursor; null on an empty page." },
    endCursorFieldOptions: { description: "The last item's cursor; null on an empty page." },
    firstArgOptions: {
      description: `At most this many items from the start, or after \`after\`: 0 to ${MAX_PAGE_SIZE}, ${DEFAULT_PAGE_SIZE} when neither \`first\` nor \`last\` is given.`,
    },
    afterArgOptions: { description: 'Items after this cursor.' },
    lastArgOptions: {
      description: `At most this many items from the end, or before \`before\`: 0 to ${MAX_PAGE_SIZE}; not with \`first\`.`,
    },
    beforeArgOptions: { description: 'Items before this cursor.' },
  },
});

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date and time, e.g. 2026-11-21T10:00:00.000Z.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime())) {
      throw new AppError('INVALID_REQUEST', 'DateTime values must be ISO 8601 strings.');
    }
    return date;
  },
});

builder.scalarType('Date', {
  description: 'An ISO 8601 calendar date without a time, e.g. 2026-11-21.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || !z.iso.date().safeParse(value).success) {
      throw new AppError('INVALID_REQUEST', 'Date values must be ISO 8601 dates such as 2026-11-21.');
    }
    return value;
  },
});

builder.scalarType('JSON', {
  description: 'Any JSON value, such as a logged payload.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

builder.globalConnectionField('totalCount', (t) =>
  t.int({
    description: 'How many items the whole list holds under the same filter; counted only when asked for.',
    resolve: (connection) => connection.totalCount(),
  }),
);

// Every operation requires a signed-in caller unless its field says otherwise.
builder.queryType({
  description:
    'What a client reads. Every field needs a signed-in caller who has accepted the current terms, unless it says otherwise.',
  authScopes: { authenticated: true },
});
builder.mutationType({
  description:
    'What a client changes. Every field needs a signed-in caller who has accepted the current terms, unless it says otherwise, and counts against the mutation rate limit.',
  authScopes: { $all: { authenticated: true, withinMutationLimit: true } },
});
