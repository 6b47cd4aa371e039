import {
  deliversByEmail,
  type NotificationDelivery,
  setNotificationPreferenceInputSchema,
  type SetNotificationPreferenceInput,
} from '@dxp/contracts/notification-preferences';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema/notification-preferences.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { notificationTypes } from './notifications.service.js';

/**
 * The types that matter outside the portal: someone waits for the person (an invite, a request awaiting an
 * administrator, a visitor's message), a decision they wait for, or their account's security. They are mailed unless the person
 * says otherwise; the rest stay in the portal unless the person asks for mail.
 */
const mailedByDefault: ReadonlySet<string> = new Set([
  'TeamInvite',
  'AppRequestCreated',
  'ContactMessage',
  'AppRequestApproved',
  'AppRequestRejected',
  'AccountSecurity',
]);

/** Only system administrators receive these (a request to review, a contact message), so only they choose. */
const forSystemAdministrators: ReadonlySet<string> = new Set(['AppRequestCreated', 'ContactMessage']);

export function defaultDeliveryOf(type: string): NotificationDelivery {
  return mailedByDefault.has(type) ? 'BOTH' : 'PORTAL';
}

/** Mail leaves the machine (SMTP_URL), or development keeps it in the /dev/mailbox outbox. */
export function isNotificationMailAvailable(config: Pick<Config, 'mail' | 'isProduction'>): boolean {
  return config.mail !== undefined || !config.isProduction;
}

export interface NotificationPreference {
  type: string;
  /** What the person gets: their choice or the type's default; PORTAL while no mail can be sent. */
  delivery: NotificationDelivery;
  defaultDelivery: NotificationDelivery;
  /** Whether the person chose it (false: the type's default applies). */
  isChosen: boolean;
}

async function storedDeliveries(db: DatabaseExecutor, userId: string): Promise<Map<string, NotificationDelivery>> {
  const rows = await db
    .select({ type: notificationPreferences.type, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map(rows.map((row) => [row.type, row.delivery as NotificationDelivery]));
}

/**
 * How a new notification of `type` reaches `userId`, as chosen (or by default). Whether mail can be sent is
 * decided when the mail is due (notification-mail.ts), so this needs no configuration.
 */
export async function deliveryFor(db: DatabaseExecutor, userId: string, type: string): Promise<NotificationDelivery> {
  const [row] = await db
    .select({ delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
  return (row?.delivery as NotificationDelivery | undefined) ?? defaultDeliveryOf(type);
}

/**
 * The signed-in person's delivery of every notification type they can receive, in the order of
 * `notificationTypes`.
 */
export async function listMyNotificationPreferences(
  db: DatabaseExecutor,
  options: { actor: Actor; mailAvailable: boolean },
): Promise<NotificationPreference[]> {
  const { actor, mailAvailable } = options;
  const stored = await storedDeliveries(db, actor.user.id);
  return notificationTypes
    .filter((type) => actor.user.isSystemAdmin || !forSystemAdministrators.has(type))
    .map((type) => preferenceOf(type, stored.get(type), mailAvailable));
}

function preferenceOf(
  type: string,
  chosen: NotificationDelivery | undefined,
  mailAvailable: boolean,
): NotificationPreference {
  const defaultDelivery = defaultDeliveryOf(type);
  return {
    type,
    delivery: mailAvailable ? (chosen ?? defaultDelivery) : 'PORTAL',
    defaultDelivery,
    isChosen: chosen !== undefined,
  };
}

/** Sets one type's delivery for the signed-in person; mail deliveries are refused while no mail can be sent. */
export async function setMyNotificationPreference(
  db: DatabaseExecutor,
  options: { actor: Actor; input: SetNotificationPreferenceInput; mailAvailable: boolean },
): Promise<NotificationPreference> {
  const { actor, mailAvailable } = options;
  const input = setNotificationPreferenceInputSchema.parse(options.input);
  if (!(notificationTypes as readonly string[]).includes(input.type)) {
    throw new AppError('INVALID_REQUEST', 'Not a notification type.', { field: 'type' });
  }
  if (!mailAvailable && deliversByEmail(input.delivery)) {
    throw new AppError('INVALID_REQUEST', 'This portal sends no mail; notifications can only be shown here.', {
      field: 'delivery',
    });
  }
  return db.transaction(async (transaction) => {
    await transaction
      .insert(notificationPreferences)
      .values({ userId: actor.user.id, type: input.type, delivery: input.delivery })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { delivery: input.delivery, updatedAt: sql`now()` },
      });
    await recordEvent(transaction, {
      eventType: 'notification-preference.updated',
      actor,
      payload: { type: input.type, delivery: input.delivery },
    });
    return preferenceOf(input.type, input.delivery, mailAvailable);
  });
}

/**
 * The unsubscribe link of a mail: stops mail of `types` for `userId` (each becomes PORTAL). Returns the
 * types that were mailed before, so the page can say what changed.
 */
export async function stopMailOf(
  db: DatabaseExecutor,
  options: { actor: Actor; types: readonly string[] },
): Promise<string[]> {
  const { actor } = options;
  const types = options.types.filter((type) => (notificationTypes as readonly string[]).includes(type));
  if (types.length === 0) return [];
  return db.transaction(async (transaction) => {
    const stored = await transaction
      .select({ type: notificationPreferences.type, delivery: notificationPreferences.delivery })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, actor.user.id), inArray(notificationPreferences.type, types)));
    const current = new Map(stored.map((row) => [row.type, row.delivery as NotificationDelivery]));
    const mailed = types.filter((type) => deliversByEmail(current.get(type) ?? defaultDeliveryOf(type)));
    for (const type of mailed) {
      await transaction
        .insert(notificationPreferences)
        .values({ userId: actor.user.id, type, delivery: 'PORTAL' })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: { delivery: 'PORTAL', updatedAt: sql`now()` },
        });
    }
    await recordEvent(transaction, {
      eventType: 'notification-preference.unsubscribed',
      actor,
      payload: { types: mailed },
    });
    return mailed;
  });
}
