import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { defineFilterFields, filterCondition, type FilterInput } from '../../db/filter-conditions.js';
import { findPage, type OrderInput, type Page, type PageRequest, resolveSortTerms } from '../../db/keyset-pagination.js';
import { notifications } from '../../db/schema/events.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';

export type NotificationRow = typeof notifications.$inferSelect;

export const notificationTypes = [
  'TeamInvite',
  'AppRequestCreated',
  'AppRequestApproved',
  'AppRequestRejected',
  'TeamRoleChanged',
  'TeamMemberRemoved',
  'TeamOwnershipTransferred',
  'ContactMessage',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationFilterFields = defineFilterFields({
  type: { kind: 'string', column: notifications.type },
  message: { kind: 'string', column: notifications.message },
  isRead: { kind: 'boolean', column: notifications.isRead },
  externalId: { kind: 'string', column: notifications.externalId },
  createdAt: { kind: 'dateTime', column: notifications.createdAt },
});
export type NotificationFilter = FilterInput<typeof notificationFilterFields>;

/** Only what the (user, created_at, id) indexes serve. */
export const notificationSortFields = { createdAt: notifications.createdAt };
export type NotificationOrder = OrderInput<keyof typeof notificationSortFields>;
const newestFirst: NotificationOrder = [{ createdAt: 'DESC' }];

/** The signed-in user's notifications; the user condition is part of every query, so no one reads another's. */
export async function listNotifications(
  db: DatabaseExecutor,
  options: { userId: string; where?: NotificationFilter | null; order?: NotificationOrder | null; page: PageRequest },
): Promise<Page<NotificationRow>> {
  return findPage({
    db,
    table: notifications,
    where: and(eq(notifications.userId, options.userId), filterCondition(notificationFilterFields, options.where)),
    sortTerms: resolveSortTerms({
      order: options.order,
      sortable: notificationSortFields,
      defaultOrder: newestFirst,
      id: notifications.id,
    }),
    page: options.page,
  });
}

/** For other modules: tell a user about something, inside the caller's transaction. */
export async function createNotification(
  db: DatabaseExecutor,
  options: { userId: string; type: NotificationType; message: string; externalId?: string | null },
): Promise<NotificationRow> {
  const [notification] = await db
    .insert(notifications)
    .values({ userId: options.userId, type: options.type, message: options.message, externalId: options.externalId ?? null })
    .returning();
  return notification!;
}

/** For other modules: once a user has acted on something (answered an invite), its notifications are read. */
export async function markNotificationsReadFor(
  db: DatabaseExecutor,
  options: { userId: string; externalId: string },
): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, options.userId), eq(notifications.externalId, options.externalId)));
}

const notificationNotFound = () => new AppError('NOT_FOUND', 'Notification not found.');

export async function markNotificationRead(
  db: DatabaseExecutor,
  options: { actor: Actor; notificationId: string },
): Promise<NotificationRow> {
  const { actor, notificationId } = options;
  if (!z.uuid().safeParse(notificationId).success) throw notificationNotFound();
  return db.transaction(async (transaction) => {
    const [notification] = await transaction
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, actor.user.id)))
      .returning();
    if (!notification) throw notificationNotFound();
    await recordEvent(transaction, { eventType: 'notification.read', actor, payload: { notificationId } });
    return notification;
  });
}

/** Returns how many notifications were unread. */
export async function markAllNotificationsRead(db: DatabaseExecutor, options: { actor: Actor }): Promise<number> {
  const { actor } = options;
  return db.transaction(async (transaction) => {
    const marked = await transaction
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, actor.user.id), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    await recordEvent(transaction, { eventType: 'notification.all-read', actor, payload: { count: marked.length } });
    return marked.length;
  });
}
