import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { keysetListIndexes } from './list-indexes.js';
import { cascadingReference, createdAt, jsonObject, uuidPrimaryKey } from './columns.js';
import { users } from './users.js';

/** The audit trail: one row per mutation, written in the mutation's own transaction. */
export const eventLogs = pgTable(
  'event_logs',
  {
    id: uuidPrimaryKey(),
    eventType: text('event_type').notNull(),
    /** Kept when the user is deleted, then pseudonymised. */
    userEmail: text('user_email'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonObject('payload'),
  },
  (table) =>
    keysetListIndexes('event_logs', { name: 'date', column: table.date }, table.id, {
      type: table.eventType,
      email: table.userEmail,
    }),
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuidPrimaryKey(),
    userId: cascadingReference('user_id', () => users.id),
    type: text('type').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /** Id of what the notification is about (an invite, an application request…). */
    externalId: text('external_id'),
    /** The user whose action it tells of; the name is read from the user, so a rename shows (docs/decisions/0135). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name of an actor who is no user here: the name a contact form's visitor gave. */
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_created').on(table.userId, table.createdAt, table.id),
    index('notifications_user_unread_created')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.isRead} = false`),
    // Deleting a user clears its actor ids through this index instead of reading every notification.
    index('notifications_actor')
      .on(table.actorId)
      .where(sql`${table.actorId} is not null`),
  ],
);
