import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAt, uuidPrimaryKey } from './columns.js';
import { users } from './users.js';

/**
 * One row per sign-in at the portal (`POST /api/auth/login`). Every access token names its session (`sid`), and a
 * request whose session is revoked or gone is refused (docs/decisions/0117-server-side-sessions.md).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidPrimaryKey(),
    userId: cascadingReference('user_id', () => users.id),
    createdAt: createdAt(),
    /** Refreshed at most once a minute, so requests do not write. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    /** `iss` of the provider whose ID token opened the session. */
    identityIssuer: text('identity_issuer').notNull(),
    /** The ID token's `amr` claim (how the provider authenticated the person), when it had one. */
    authenticationMethods: text('authentication_methods').array(),
    /** The ID token's `acr` claim, when it had one. */
    authenticationContext: text('authentication_context'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user').on(table.userId, table.createdAt)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Provider ID tokens already exchanged at `POST /api/auth/login` (SHA-256 of the token), kept until the token
 * expires, so each buys one session only.
 */
export const usedIdentityTokens = pgTable(
  'used_identity_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_identity_tokens_expiry').on(table.expiresAt)],
);

/**
 * Identities whose account was deleted (SHA-256 of issuer and subject, nothing else about the person), so their
 * old ID tokens never create the account again.
 */
export const deletedIdentities = pgTable('deleted_identities', {
  identityHash: text('identity_hash').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
