import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { keysetListIndexes } from './list-indexes.js';
import { cascadingReference, createdAt, jsonObject, updatedAt, uuidPrimaryKey } from './columns.js';
import { teams } from './teams.js';
import { users } from './users.js';

export const teamApplicationStatuses = ['ENABLED', 'DISABLED'] as const;
export type TeamApplicationStatus = (typeof teamApplicationStatuses)[number];

export const appRequestStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type AppRequestStatus = (typeof appRequestStatuses)[number];

export const appRequestActions = ['CREATED', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'COMMENTS_UPDATED'] as const;
export type AppRequestAction = (typeof appRequestActions)[number];

/** The catalogue. */
export const applications = pgTable(
  'applications',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    url: text('url').notNull(),
    logoUrl: text('logo_url'),
    icon: text('icon'),
    meta: jsonObject('meta'),
    /** A first-party application (docs/design.md §6: `is{product}`). */
    isDxp: boolean('is_dxp').notNull().default(false),
    termsDate: timestamp('terms_date', { withTimezone: true }),
    termsLink: text('terms_link'),
    billingProductId: text('billing_product_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('applications_name_unique').on(sql`lower(${table.name})`),
    // The catalogue's keyset order; a search filters while walking it and stops after one page.
    index('applications_name_order').on(table.name, table.id),
    check('applications_https_url', sql`${table.url} ~* '^https://'`),
  ],
);

/** A team's grant of an application. */
export const teamApplications = pgTable(
  'team_applications',
  {
    teamId: cascadingReference('team_id', () => teams.id),
    applicationId: cascadingReference('application_id', () => applications.id),
    status: text('status').$type<TeamApplicationStatus>().notNull(),
    /** A system admin's DISABLED, which the team's owners and admins cannot switch back. */
    disabledBySystemAdmin: boolean('disabled_by_system_admin').notNull().default(false),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.applicationId] }),
    index('team_applications_application').on(table.applicationId, table.teamId),
    check('team_applications_status', sql`${table.status} in ('ENABLED', 'DISABLED')`),
  ],
);

/** A team member's request for an application, approved or rejected by a system admin. */
export const appRequests = pgTable(
  'app_requests',
  {
    id: uuidPrimaryKey(),
    applicationId: cascadingReference('application_id', () => applications.id),
    /** Null once the team is deleted: decided requests stay in the administrators' history. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The team's name when it asked, shown once the team is deleted. */
    teamName: text('team_name').notNull(),
    /** Requests go with the requester's account (they hold the requester's contact details). */
    requestedById: cascadingReference('requested_by_id', () => users.id),
    status: text('status').$type<AppRequestStatus>().notNull().default('PENDING'),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The requester's note. */
    message: text('message'),
    /** The system admin's comments. */
    comments: text('comments'),
    /** When the terms shown (the application's `termsDate`) were accepted; null when it has none. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** `closed_at`, open requests last: a non-null key for keyset paging by closing time. */
    closedSortAt: timestamp('closed_sort_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(closed_at, '9999-12-31 00:00:00+00'::timestamptz)`),
    closedById: uuid('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // One pending request per team and application, whatever the code path.
    uniqueIndex('app_requests_one_pending')
      .on(table.teamId, table.applicationId)
      .where(sql`${table.status} = 'PENDING'`),
    ...keysetListIndexes('app_requests', { name: 'created', column: table.createdAt }, table.id, {
      status: table.status,
    }),
    index('app_requests_closed').on(table.closedSortAt, table.id),
    index('app_requests_team').on(table.teamId, table.applicationId),
    index('app_requests_application').on(table.applicationId),
    index('app_requests_requested_by').on(table.requestedById),
    check('app_requests_status', sql`${table.status} in ('PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN')`),
  ],
);

/** What happened to a request, oldest first. */
export const appRequestHistory = pgTable(
  'app_request_history',
  {
    id: uuidPrimaryKey(),
    requestId: cascadingReference('request_id', () => appRequests.id),
    action: text('action').$type<AppRequestAction>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the actor's account is deleted. */
    actorName: text('actor_name').notNull(),
    comments: text('comments'),
    createdAt: createdAt(),
  },
  (table) => [
    index('app_request_history_request').on(table.requestId, table.createdAt, table.id),
    check(
      'app_request_history_action',
      sql`${table.action} in ('CREATED', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'COMMENTS_UPDATED')`,
    ),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;
export type TeamApplicationRow = typeof teamApplications.$inferSelect;
export type AppRequestRow = typeof appRequests.$inferSelect;
export type AppRequestHistoryRow = typeof appRequestHistory.$inferSelect;
