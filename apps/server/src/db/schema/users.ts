import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: uuidPrimaryKey(),
    /** `iss` of the identity provider that vouches for this user. */
    identityIssuer: text('identity_issuer').notNull(),
    /** `sub` claim at that issuer. */
    identitySubject: text('identity_subject').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    primaryPhone: text('primary_phone'),
    isSystemAdmin: boolean('is_system_admin').notNull().default(false),
    /** The provider vouched for `email` at the last sign-in (`email_verified`); invites and ADMIN_EMAIL need it. */
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    ordwayCustomerId: text('ordway_customer_id'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The version (date) of the terms of service accepted at `termsAcceptedAt`. */
    acceptedTermsVersion: text('accepted_terms_version'),
    /**
     * Provider ID tokens issued (`iat`) before this are refused at sign-in: set when the password changes or every
     * session is ended (docs/decisions/0117-server-side-sessions.md).
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /**
     * A system administrator suspended the account: its sessions and service keys are refused and it cannot sign
     * in until reactivated (docs/decisions/0126-accounts-an-administrator-runs.md).
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_identity_unique').on(table.identityIssuer, table.identitySubject),
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_name_order').on(table.firstName, table.lastName, table.email, table.id),
    // A team's members by email (keyset page of users that are members).
    index('users_email_order').on(table.email, table.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
