import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAt, uuidPrimaryKey } from './columns.js';
import { identityAccounts } from './auth.js';

/**
 * WebAuthn credentials (passkeys) of built-in provider accounts: several per person, each named
 * (docs/decisions/0125-passkeys.md). Only the public key is kept; the private key never leaves the authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuidPrimaryKey(),
    accountId: cascadingReference('account_id', () => identityAccounts.id),
    name: text('name').notNull(),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter at the last use; a lower one in an assertion suggests a cloned key. */
    signCount: integer('sign_count').notNull().default(0),
    transports: text('transports').array(),
    /** `singleDevice` or `multiDevice` (synced between a person's devices). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_account').on(table.accountId, table.createdAt)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * Challenges handed to a browser for a passkey ceremony, each used at most once and only until `expiresAt`.
 * `accountId` is set for a registration (the signed-in person); a password-less sign-in does not know the person yet
 * and binds the challenge to the provider's interaction instead; the second step after a password sets both.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** `registration` or `authentication`. */
    purpose: text('purpose').notNull(),
    accountId: uuid('account_id').references(() => identityAccounts.id, { onDelete: 'cascade' }),
    /** The provider interaction (its uid) a sign-in challenge belongs to. */
    interactionUid: text('interaction_uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('passkey_challenges_expiry').on(table.expiresAt)],
);
