import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAt, uuidPrimaryKey } from './columns.js';
import { identityAccounts } from './auth.js';

/**
 * The authenticator-app (TOTP) factor of a built-in provider account, at most one per account
 * (docs/decisions/0123-second-factors-built-in-provider.md). Unconfirmed until the first code from the app is
 * entered; an unconfirmed one does not guard sign-in and is replaced by the next enrolment.
 */
export const totpFactors = pgTable('totp_factors', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => identityAccounts.id, { onDelete: 'cascade' }),
  /** The shared secret, base32. Shown to the person during enrolment only; never answered once confirmed. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The 30-second time step of the last accepted code: a code of this step or an earlier one is refused (replay). */
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

export type TotpFactorRow = typeof totpFactors.$inferSelect;

/** Single-use recovery codes of a built-in provider account, SHA-256 only; regenerating deletes the old set. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuidPrimaryKey(),
    accountId: cascadingReference('account_id', () => identityAccounts.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_account').on(table.accountId, table.codeHash)],
);
