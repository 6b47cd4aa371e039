import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uuidPrimaryKey } from './columns.js';

/**
 * The latest sign-ins the portal refused, for the installation panel: shared by every replica, pruned to the
 * newest few on each insert. Never a token or an email in full (src/auth/sign-in-refusals.ts).
 */
export const signInRefusals = pgTable('sign_in_refusals', {
  id: uuidPrimaryKey(),
  refusedAt: timestamp('refused_at', { withTimezone: true }).notNull().defaultNow(),
  /** The `reason` code the person's browser was sent (`audience`, `email_missing`, …). */
  reason: text('reason').notNull(),
  /** Which check failed and how, as the warning in the log says it. */
  detail: text('detail').notNull(),
  /** The configured issuer and client id when the sign-in was refused. */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
});
