import { deliversByEmail, deliversInPortal } from '@dxp/contracts/notification-preferences';
import { asc, eq, inArray, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { notifications } from '../../db/schema/events.js';
import { notificationPreferences, pendingNotificationMails } from '../../db/schema/notification-preferences.js';
import { users } from '../../db/schema/users.js';
import { type RenderedMail, renderMail } from '../../mail/mail-layout.js';
import type { Mailer } from '../../mail/mailer.js';
import { actorName } from './notification-actor.js';
import { defaultDeliveryOf, isNotificationMailAvailable } from './notification-preferences.service.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

type MailedNotification = Pick<typeof notifications.$inferSelect, 'id' | 'type' | 'message' | 'externalId'> & {
  /** Who did what it tells of, as the portal names them (notification-actor.ts); null where no one is named. */
  actorName?: string | null;
};

/** What people call each type, in mail and on the unsubscribe page (the web's locale has the same words). */
export const notificationTypeLabels: Record<string, string> = {
  TeamInvite: 'Team invites',
  TeamInviteDeclined: 'Invites you sent that were declined',
  AppRequestCreated: 'Access requests awaiting review',
  AppRequestApproved: 'Approved access requests',
  AppRequestRejected: 'Declined access requests',
  TeamRoleChanged: 'Changes to your team role',
  TeamMemberRemoved: 'Removal from a team',
  TeamOwnershipTransferred: 'Team ownership transfers',
  ContactMessage: 'Contact form messages',
  AccountSecurity: 'Security notices about your account',
};
export const labelOf = (type: string): string => notificationTypeLabels[type] ?? type;

/** The page a notification leads to (as the web's notification-links.ts), and what its button says. */
export function notificationLink(
  notification: Pick<MailedNotification, 'type' | 'externalId'>,
  publicUrl: string,
): { label: string; url: string } {
  const id = notification.externalId ? encodeURIComponent(notification.externalId) : undefined;
  switch (id ? notification.type : undefined) {
    case 'TeamInvite':
      return { label: 'Open the invite', url: `${publicUrl}/account/notifications?invite=${id}` };
    case 'AppRequestCreated':
      return { label: 'Review the request', url: `${publicUrl}/system/app-requests/${id}` };
    case 'AppRequestApproved':
    case 'AppRequestRejected':
      return { label: 'Open your request', url: `${publicUrl}/apps/requests/${id}` };
    default:
      return { label: 'Open your notifications', url: `${publicUrl}/account/notifications` };
  }
}

const headingOf: Record<string, string> = {
  TeamInvite: 'You are invited to join a team',
  AppRequestCreated: 'An access request awaits your review',
  AppRequestApproved: 'Your access request was approved',
  AppRequestRejected: 'Your access request was declined',
  AccountSecurity: 'A security notice about your account',
};

/**
 * The heading when someone is named (docs/decisions/0139): the same calm words as without, with the person in
 * them; the other types say what the actor did as the web's notification-kinds.ts does.
 */
const headingWithActorOf: Record<string, (name: string) => string> = {
  TeamInvite: (name) => `${name} invited you to join a team`,
  TeamInviteDeclined: (name) => `${name} declined your invite`,
  AppRequestCreated: (name) => `An access request from ${name} awaits your review`,
  AppRequestApproved: (name) => `${name} approved your access request`,
  AppRequestRejected: (name) => `${name} declined your access request`,
  TeamRoleChanged: (name) => `${name} changed your role`,
  TeamMemberRemoved: (name) => `${name} removed you from a team`,
  TeamOwnershipTransferred: (name) => `${name} made you the owner of a team`,
  ContactMessage: (name) => `${name} wrote through the contact form`,
  AccountSecurity: (name) => `A security notice about your account from ${name}`,
};

/** The line that names who did it, or undefined where no one is named. */
function actorLineOf(notification: MailedNotification): string | undefined {
  const name = notification.actorName?.trim();
  if (!name) return undefined;
  return headingWithActorOf[notification.type]?.(name) ?? `From ${name}`;
}

const listFormat = new Intl.ListFormat('en', { type: 'conjunction' });

/** One mail for everything a person was told since their last mail: one notification, or a list of several. */
export function notificationMail(
  mailed: readonly MailedNotification[],
  options: { publicUrl: string; unsubscribeUrl: string },
): RenderedMail {
  const { publicUrl, unsubscribeUrl } = options;
  const types = [...new Set(mailed.map((notification) => notification.type))];
  const unsubscribe = {
    reason: `You get this mail because you chose to get ${listFormat.format(types.map(labelOf)).toLowerCase()} by email.`,
    preferencesUrl: `${publicUrl}/account/profile`,
    url: unsubscribeUrl,
  };
  if (mailed.length === 1) {
    const [notification] = mailed as [MailedNotification];
    const actorLine = actorLineOf(notification);
    const heading = actorLine ?? headingOf[notification.type] ?? 'You have a new notification';
    return renderMail({
      // The subject names the actor where there is one; else the message itself says most, when it is short.
      subject: actorLine ?? (notification.message.length <= 120 ? notification.message : heading),
      heading,
      paragraphs: [notification.message],
      action: notificationLink(notification, publicUrl),
      unsubscribe,
    });
  }
  return renderMail({
    subject: `${mailed.length} new notifications on DXP Portal`,
    heading: `You have ${mailed.length} new notifications`,
    paragraphs: ['Here is what happened since the portal last wrote to you:'],
    items: mailed.map((notification) => ({
      heading: actorLineOf(notification),
      text: notification.message,
      link: notificationLink(notification, publicUrl),
    })),
    action: { label: 'Open your notifications', url: `${publicUrl}/account/notifications` },
    unsubscribe,
  });
}

/** For createNotification: mail this notification with the person's others once the delay has passed. */
export async function queueNotificationMail(
  db: DatabaseExecutor,
  notification: { id: string; userId: string },
): Promise<void> {
  await db.insert(pendingNotificationMails).values({ notificationId: notification.id, userId: notification.userId });
}

export interface NotificationMailDependencies {
  db: DatabaseExecutor;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'mail' | 'isProduction' | 'publicUrl' | 'notificationMailDelaySeconds'>;
  tokens: UnsubscribeTokens;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/** People per pass; the next tick takes the rest. */
const PEOPLE_PER_PASS = 50;

/**
 * Sends every person whose oldest waiting notification is at least the delay old one mail with all their
 * waiting notifications. A person's rows are claimed by deleting them, so with several replicas exactly one
 * sends each mail (at most once: a mail server that refuses it loses it, as every other mail of the portal).
 * Returns how many mails were sent.
 */
export async function sendDueNotificationMails(
  dependencies: NotificationMailDependencies,
  now: Date = new Date(),
): Promise<number> {
  const { db, config } = dependencies;
  const dueBefore = new Date(now.getTime() - config.notificationMailDelaySeconds * 1000);
  const due = await db
    .selectDistinct({ userId: pendingNotificationMails.userId })
    .from(pendingNotificationMails)
    .where(lte(pendingNotificationMails.createdAt, dueBefore))
    .limit(PEOPLE_PER_PASS);
  let sent = 0;
  for (const { userId } of due) {
    if (await sendMailOf(dependencies, userId)) sent++;
  }
  return sent;
}

async function sendMailOf(dependencies: NotificationMailDependencies, userId: string): Promise<boolean> {
  const { db, config, mailer, tokens } = dependencies;
  const claimed = await db
    .delete(pendingNotificationMails)
    .where(eq(pendingNotificationMails.userId, userId))
    .returning({ notificationId: pendingNotificationMails.notificationId });
  if (claimed.length === 0) return false;
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      message: notifications.message,
      externalId: notifications.externalId,
      isRead: notifications.isRead,
      actorName,
    })
    .from(notifications)
    .where(
      inArray(
        notifications.id,
        claimed.map((row) => row.notificationId),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  const [person] = await db
    .select({ email: users.email, isEmailVerified: users.isEmailVerified })
    .from(users)
    .where(eq(users.id, userId));
  const chosen = new Map(
    (
      await db
        .select({ type: notificationPreferences.type, delivery: notificationPreferences.delivery })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
    ).map((row) => [row.type, row.delivery as 'PORTAL' | 'EMAIL' | 'BOTH']),
  );
  const deliveryOf = (type: string) => chosen.get(type) ?? defaultDeliveryOf(type);

  // An unproven address may be someone else's; without mail, a notification meant for mail alone goes to the
  // portal instead of nowhere.
  if (!person?.isEmailVerified || !isNotificationMailAvailable(config)) {
    const mailOnly = rows.filter((row) => !deliversInPortal(deliveryOf(row.type))).map((row) => row.id);
    if (mailOnly.length > 0) {
      await db.update(notifications).set({ isRead: false }).where(inArray(notifications.id, mailOnly));
    }
    return false;
  }
  // Mail what the person still wants by mail and has not already read in the portal (an answered invite).
  const toMail = rows.filter((row) => {
    const delivery = deliveryOf(row.type);
    return deliversByEmail(delivery) && (!row.isRead || !deliversInPortal(delivery));
  });
  if (toMail.length === 0) return false;
  const unsubscribeUrl = await tokens.linkFor({ userId, types: [...new Set(toMail.map((row) => row.type))] });
  await mailer.send(person.email, notificationMail(toMail, { publicUrl: config.publicUrl, unsubscribeUrl }));
  return true;
}

/** The notification mail job: every replica runs it; claiming by delete keeps a mail from going out twice. */
export function startNotificationMailJob(dependencies: NotificationMailDependencies): { stop(): void } {
  const delayMs = dependencies.config.notificationMailDelaySeconds * 1000;
  // A quarter of the delay, between one and thirty seconds: mail goes out close to when it is due.
  const intervalMs = Math.min(30_000, Math.max(1_000, delayMs / 4));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await sendDueNotificationMails(dependencies);
    } catch (error) {
      dependencies.logger.warn({ err: error }, 'notification mail pass failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs).unref();
  return { stop: () => clearInterval(timer) };
}
