import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAt, uuidPrimaryKey } from './columns.js';
import { users } from './users.js';

/** Key pairs generated on first start and shared by every replica through the database. */
export const signingKeys = pgTable('signing_keys', {
  keyId: text('key_id').primaryKey(),
  /**
   * `access-token` signs our own access tokens; `identity-provider` signs the built-in provider's tokens;
   * `identity-provider-cookies` (a symmetric `oct` key) signs its cookies.
   */
  purpose: text('purpose').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: createdAt(),
});

export const serviceKeys = pgTable(
  'service_keys',
  {
    id: uuidPrimaryKey(),
    userId: cascadingReference('user_id', () => users.id),
    name: text('name').notNull(),
    /** The first characters of the key, shown in lists so a user can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key: keys are long random strings, so a fast hash is enough. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('service_keys_user').on(table.userId, table.createdAt),
    /** The administrators' list of every key, newest first (a backward scan; see webhook_logs in billing.ts). */
    index('service_keys_created').on(table.createdAt, table.id),
  ],
);

/** Accounts of the built-in identity provider (unused when an external issuer is configured). */
export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: uuidPrimaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** When the person opened a verification link sent to `email`; null until then (docs/decisions/0119-proven-email-built-in-provider.md). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('identity_accounts_email_unique').on(sql`lower(${table.email})`)],
);

/** Single-use links of the built-in provider: email verification and password reset. Only their hash is kept. */
export const identityAccountTokens = pgTable(
  'identity_account_tokens',
  {
    id: uuidPrimaryKey(),
    accountId: cascadingReference('account_id', () => identityAccounts.id),
    /** `verify-email` or `reset-password`. */
    purpose: text('purpose').notNull(),
    /** SHA-256 of the token: tokens are long random strings, so a fast hash is enough. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('identity_account_tokens_account').on(table.accountId, table.purpose)],
);

/**
 * Failed sign-ins per email address and client address (the key is a hash of both), so guessing from one
 * network slows down without locking the owner out from theirs.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Storage of the built-in provider's sessions, grants, codes and tokens (its adapter interface). */
export const identityProviderRecords = pgTable(
  'identity_provider_records',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('identity_provider_records_grant').on(table.grantId),
    index('identity_provider_records_uid').on(table.uid),
    index('identity_provider_records_expiry').on(table.expiresAt),
  ],
);
