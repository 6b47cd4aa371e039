import { and, count, desc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { appRequests, applications } from '../../db/schema/applications.js';
import { webhookLogs } from '../../db/schema/billing.js';
import { pendingNotificationMails } from '../../db/schema/notification-preferences.js';
import { teamInvites, teams } from '../../db/schema/teams.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';

/** The steps of a new installation's setup, in the order an administrator takes them (decision 0131). */
export const setupChecklistKeys = [
  'ADD_APPLICATION',
  'INVITE_PEOPLE',
  'CONFIGURE_MAIL',
  'CONNECT_IDENTITY_PROVIDER',
  'RECEIVE_BILLING_WEBHOOK',
] as const;
export type SetupChecklistKey = (typeof setupChecklistKeys)[number];

export interface SetupChecklist {
  items: { key: SetupChecklistKey; isDone: boolean }[];
  isComplete: boolean;
}

export interface WebhookFailure {
  id: string;
  eventType: string;
  error: string;
  createdAt: Date;
}

export interface SystemOverview {
  peopleCount: number;
  teamCount: number;
  pendingRequestCount: number;
  /** The newest webhook deliveries whose processing failed and has not succeeded since. */
  recentWebhookFailures: WebhookFailure[];
  isMailConfigured: boolean;
  /**
   * Notification mails still waiting well after they were due: the mail job is not getting through them (a mail the
   * server refuses is dropped and logged, decision 0129, so it is not counted here).
   */
  overdueMailCount: number;
}

/** How many failures the overview lists; the webhook log has the rest. */
const shownFailures = 5;
/** A grouped notification mail waits NOTIFICATION_MAIL_DELAY_SECONDS; one still waiting an hour later is stuck. */
const overdueMailMs = 60 * 60 * 1000;

function requireSystemAdmin(actor: Actor): void {
  if (!actor.user.isSystemAdmin) throw new AppError('AUTH_NOT_AUTHORIZED', 'For system administrators only.');
}

async function hasAny(query: PromiseLike<unknown[]>): Promise<boolean> {
  return (await query).length > 0;
}

/**
 * Each setup step, ticked from what the installation holds or how it is configured, never from a flag someone
 * sets: an application exists; someone was invited, or another person has signed in; SMTP_URL is set; people sign
 * in through the organisation's own provider (OIDC_ISSUER); a signed billing webhook has arrived.
 */
export async function readSetupChecklist(
  db: DatabaseExecutor,
  config: Pick<Config, 'identity' | 'mail'>,
  actor: Actor,
): Promise<SetupChecklist> {
  requireSystemAdmin(actor);
  const [hasApplication, hasInvite, hasOtherPerson, hasWebhook] = await Promise.all([
    hasAny(db.select({ id: applications.id }).from(applications).limit(1)),
    hasAny(db.select({ id: teamInvites.id }).from(teamInvites).limit(1)),
    hasAny(db.select({ id: users.id }).from(users).where(ne(users.id, actor.user.id)).limit(1)),
    hasAny(db.select({ id: webhookLogs.id }).from(webhookLogs).limit(1)),
  ]);
  const done: Record<SetupChecklistKey, boolean> = {
    ADD_APPLICATION: hasApplication,
    INVITE_PEOPLE: hasInvite || hasOtherPerson,
    CONFIGURE_MAIL: config.mail !== undefined,
    CONNECT_IDENTITY_PROVIDER: config.identity.kind === 'external',
    RECEIVE_BILLING_WEBHOOK: hasWebhook,
  };
  const items = setupChecklistKeys.map((key) => ({ key, isDone: done[key] }));
  return { items, isComplete: items.every((item) => item.isDone) };
}

/** What a system administrator sees first: how many people and teams, what waits for them, what failed. */
export async function readSystemOverview(
  db: DatabaseExecutor,
  config: Pick<Config, 'mail'>,
  actor: Actor,
  now: Date = new Date(),
): Promise<SystemOverview> {
  requireSystemAdmin(actor);
  const [[people], [teamTotal], [pending], failures, [overdueMails]] = await Promise.all([
    db.select({ total: count() }).from(users),
    db.select({ total: count() }).from(teams),
    db.select({ total: count() }).from(appRequests).where(eq(appRequests.status, 'PENDING')),
    db
      .select({
        id: webhookLogs.id,
        eventType: webhookLogs.eventType,
        error: sql<string>`${webhookLogs.error}`,
        createdAt: webhookLogs.createdAt,
      })
      .from(webhookLogs)
      .where(and(eq(webhookLogs.processed, false), isNotNull(webhookLogs.error)))
      .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.id))
      .limit(shownFailures),
    db
      .select({ total: count() })
      .from(pendingNotificationMails)
      .where(lt(pendingNotificationMails.createdAt, new Date(now.getTime() - overdueMailMs))),
  ]);
  return {
    peopleCount: people?.total ?? 0,
    teamCount: teamTotal?.total ?? 0,
    pendingRequestCount: pending?.total ?? 0,
    recentWebhookFailures: failures,
    isMailConfigured: config.mail !== undefined,
    overdueMailCount: overdueMails?.total ?? 0,
  };
}
