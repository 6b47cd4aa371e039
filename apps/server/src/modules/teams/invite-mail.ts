import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { notifications } from '../../db/schema/events.js';
import { renderMail } from '../../mail/mail-layout.js';
import { sendMail } from '../../mail/send-mail.js';
import { teamWords, type TeamInviteNode } from './team-invites.service.js';

/**
 * The invite email; its link opens this invite on the notifications page, where it waits to be
 * accepted (after sign-in, which keeps the address as its target).
 */
export function inviteEmail(invite: TeamInviteNode, publicUrl: string) {
  const link = `${publicUrl}/account/notifications?invite=${encodeURIComponent(invite.id)}`;
  const team = teamWords(invite.team);
  const role = invite.teamRole === 'TeamAdmin' ? 'an admin' : 'a member';
  const who = invite.inviter ? `${invite.inviter.name} (${invite.inviter.email}) invited you` : 'You are invited';
  const rendered = renderMail({
    subject: `You are invited to join ${team}`,
    heading: `You are invited to join ${team}`,
    paragraphs: [
      `${who} to join the team ${team} on DXP Portal as ${role}.`,
      'Sign in or create an account with this address to accept; a new account confirms the address first.',
    ],
    action: { label: 'Open the invite', url: link },
    footnote: `The invite expires on ${invite.expiresAt.toUTCString()}.`,
  });
  return { to: [invite.email], subject: rendered.subject, text: rendered.text, html: rendered.html };
}

/**
 * Emails invites when SMTP is configured, after the transaction committed. Notifications are the
 * product's channel and mail a courtesy, so a failure is logged and never fails the mutation. An invitee
 * who got a notification (an account with a proven address) is mailed as they chose for invites, with
 * their other notifications (modules/notifications/notification-mail.ts), not here.
 */
export async function sendInviteEmails(
  context: { config: Pick<Config, 'mail' | 'publicUrl'>; logger: Pick<Logger, 'warn'>; db: DatabaseExecutor },
  invites: readonly TeamInviteNode[],
): Promise<void> {
  const { mail, publicUrl } = context.config;
  if (!mail || invites.length === 0) return;
  const notified = new Set(
    (
      await context.db
        .select({ inviteId: notifications.externalId })
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'TeamInvite'),
            inArray(
              notifications.externalId,
              invites.map((invite) => invite.id),
            ),
          ),
        )
    ).map((row) => row.inviteId),
  );
  await Promise.all(
    invites
      .filter((invite) => !notified.has(invite.id))
      .map(async (invite) => {
        try {
          await sendMail(mail, inviteEmail(invite, publicUrl));
        } catch (error) {
          context.logger.warn({ err: error, inviteId: invite.id }, 'invite email not sent');
        }
      }),
  );
}
