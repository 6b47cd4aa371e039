import { and, eq, exists, getTableColumns, gt, inArray, isNull, not, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import {
  bindFilterValues,
  defineFilterFields,
  filterCondition,
  type FilterInput,
  filterShape,
} from '../../db/filter-conditions.js';
import {
  findPage,
  type OrderInput,
  type Page,
  type PageRequest,
  resolveSortTerms,
} from '../../db/keyset-pagination.js';
import { notifications } from '../../db/schema/events.js';
import { teamInvites, teams } from '../../db/schema/teams.js';
import type { UserRow } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { normaliseEmail } from '@dxp/contracts/email-address';
import { publishAfterCommit } from '../../live/after-commit.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { actorName } from './notification-actor.js';
import { queueNotificationMail } from './notification-mail.js';
import { deliveryFor } from './notification-preferences.service.js';

export type NotificationRow = typeof notifications.$inferSelect;
/** A notification as the API gives it: with the name of the person whose action it tells of. */
export type ListedNotification = NotificationRow & { actorName: string | null };

export const notificationTypes = [
  'TeamInvite',
  'TeamInviteDeclined',
  'AppRequestCreated',
  'AppRequestApproved',
  'AppRequestRejected',
  'TeamRoleChanged',
  'TeamMemberRemoved',
  'TeamOwnershipTransferred',
  'ContactMessage',
  'AccountSecurity',
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
): Promise<Page<ListedNotification>> {
  return findPage({
    db,
    table: notifications,
    shape: filterShape(options.where),
    where: (bind) =>
      and(
        eq(notifications.userId, bind(options.userId)),
        filterCondition(notificationFilterFields, options.where, bind),
      ),
    bindWhereValues: (bind) => {
      bind(options.userId);
      bindFilterValues(notificationFilterFields, options.where, bind);
    },
    sortTerms: resolveSortTerms({
      order: options.order,
      sortable: notificationSortFields,
      defaultOrder: newestFirst,
      id: notifications.id,
    }),
    page: options.page,
    extraColumns: () => ({ actorName }),
  });
}

/**
 * For other modules: tell a user about something, inside the caller's transaction. As the person chose
 * (notification-preferences.service.ts): a notification for mail alone is kept already read, as a record.
 */
export async function createNotification(
  db: DatabaseExecutor,
  options: {
    userId: string;
    type: NotificationType;
    message: string;
    externalId?: string | null;
    /** Who did what it tells of, when someone other than the recipient did. */
    actor?: { userId: string } | { name: string } | null;
    /** The caller mails it at once with what only it can put in the mail (a contact message's Reply-To), so the digest leaves it out. */
    isMailedByCaller?: boolean;
  },
): Promise<NotificationRow> {
  const delivery = await deliveryFor(db, options.userId, options.type);
  const [notification] = await db
    .insert(notifications)
    .values({
      userId: options.userId,
      type: options.type,
      message: options.message,
      externalId: options.externalId ?? null,
      actorId: options.actor && 'userId' in options.actor ? options.actor.userId : null,
      actorName: options.actor && 'name' in options.actor ? options.actor.name : null,
      isRead: delivery === 'EMAIL',
    })
    .returning();
  if (delivery !== 'PORTAL' && !options.isMailedByCaller) await queueNotificationMail(db, notification!);
  // Open pages of the person learn of it once it has committed (docs/decisions/0128).
  if (delivery !== 'EMAIL') {
    const { id, type, message } = notification!;
    publishAfterCommit(db, { userId: options.userId, name: 'notification', data: { id, type, message } });
  }
  return notification!;
}

/**
 * For other modules: once something needs no more action (an invite answered, deleted or replaced),
 * every notification about it is read, whoever holds it.
 */
export async function markNotificationsReadAbout(
  db: DatabaseExecutor,
  options: { type: NotificationType; externalIds: string[] },
): Promise<void> {
  if (options.externalIds.length === 0) return;
  const marked = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.type, options.type),
        inArray(notifications.externalId, options.externalIds),
        eq(notifications.isRead, false),
      ),
    )
    .returning({ userId: notifications.userId });
  publishReadTo(db, marked);
}

/** The person's other open pages drop what was read (an invite accepted in another tab). */
function publishReadTo(db: DatabaseExecutor, marked: { userId: string }[]): void {
  for (const userId of new Set(marked.map((row) => row.userId))) {
    publishAfterCommit(db, { userId, name: 'notifications-read', data: {} });
  }
}

/**
 * An unread TeamInvite notification whose invite the user can still answer: open, unexpired, addressed
 * to the user's email, from an enabled team unless the user is a system admin (what `acceptInvite`
 * accepts, see team-invites.service.ts). It is an outstanding action, so it stays unread until the
 * invite is answered, deleted or expires.
 */
function awaitsAnswer(db: DatabaseExecutor, user: Pick<UserRow, 'email' | 'isSystemAdmin'>) {
  return and(
    eq(notifications.isRead, false),
    eq(notifications.type, 'TeamInvite'),
    exists(
      db
        .select({ one: sql`1` })
        .from(teamInvites)
        .innerJoin(teams, eq(teams.id, teamInvites.teamId))
        .where(
          and(
            sql`${teamInvites.id}::text = ${notifications.externalId}`,
            sql`lower(${teamInvites.email}) = ${normaliseEmail(user.email)}`,
            isNull(teamInvites.acceptedAt),
            isNull(teamInvites.declinedAt),
            gt(teamInvites.expiresAt, new Date()),
            user.isSystemAdmin ? undefined : eq(teams.enabled, true),
          ),
        ),
    ),
  )!;
}

const notificationNotFound = () => new AppError('NOT_FOUND', 'Notification not found.');

const inviteAwaitsAnswer = () =>
  new AppError('INVALID_REQUEST', 'Accept or decline this invite; its notification stays unread until you answer it.');

/** Marks one notification read; a team invite still waiting for the user's answer is refused. */
export async function markNotificationRead(
  db: DatabaseExecutor,
  options: { actor: Actor; notificationId: string },
): Promise<ListedNotification> {
  const { actor, notificationId } = options;
  if (!z.uuid().safeParse(notificationId).success) throw notificationNotFound();
  return db.transaction(async (transaction) => {
    const own = and(eq(notifications.id, notificationId), eq(notifications.userId, actor.user.id));
    const [notification] = await transaction
      .update(notifications)
      .set({ isRead: true })
      .where(and(own, not(awaitsAnswer(transaction, actor.user))))
      .returning({ ...getTableColumns(notifications), actorName });
    if (!notification) {
      const [unanswered] = await transaction.select({ id: notifications.id }).from(notifications).where(own);
      throw unanswered ? inviteAwaitsAnswer() : notificationNotFound();
    }
    publishReadTo(transaction, [notification]);
    await recordEvent(transaction, { eventType: 'notification.read', actor, payload: { notificationId } });
    return notification;
  });
}

/** Returns how many notifications were marked read; invites still waiting for an answer stay unread. */
export async function markAllNotificationsRead(db: DatabaseExecutor, options: { actor: Actor }): Promise<number> {
  const { actor } = options;
  return db.transaction(async (transaction) => {
    const marked = await transaction
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.userId, actor.user.id),
          eq(notifications.isRead, false),
          not(awaitsAnswer(transaction, actor.user)),
        ),
      )
      .returning({ id: notifications.id });
    publishReadTo(transaction, marked.length > 0 ? [{ userId: actor.user.id }] : []);
    await recordEvent(transaction, { eventType: 'notification.all-read', actor, payload: { count: marked.length } });
    return marked.length;
  });
}
