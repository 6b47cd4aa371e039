import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAt, updatedAt } from './columns.js';
import { notifications } from './events.js';
import { users } from './users.js';

/**
 * How one person wants one notification type delivered: in the portal, by email, or both. Only choices
 * that differ from the type's default are kept (modules/notifications/notification-preferences.service.ts).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: cascadingReference('user_id', () => users.id),
    type: text('type').notNull(),
    /** `PORTAL`, `EMAIL` or `BOTH`. */
    delivery: text('delivery').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/**
 * Notifications waiting to be mailed. A person's waiting rows go out together in one mail once the oldest
 * is NOTIFICATION_MAIL_DELAY_SECONDS old; the replica that deletes them sends them
 * (docs/decisions/0129-notification-mail-digest.md).
 */
export const pendingNotificationMails = pgTable(
  'pending_notification_mails',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: cascadingReference('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (table) => [index('pending_notification_mails_user_created').on(table.userId, table.createdAt)],
);
