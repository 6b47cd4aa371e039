import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { sendMail } from '../../mail/send-mail.js';
import type { TeamInviteNode } from './team-invites.service.js';

/**
 * The invite email; its link opens this invite on the notifications page, where it waits to be
 * accepted (after sign-in, which keeps the address as its target).
 */
export function inviteEmail(invite: TeamInviteNode, publicUrl: string) {
  const link = `${publicUrl}/account/notifications?invite=${encodeURIComponent(invite.id)}`;
  return {
    to: [invite.email],
    subject: `You are invited to join ${invite.team.name}`,
    text: [
      `You are invited to join the team ${invite.team.name} on DXP Portal.`,
      `Sign in or create an account with this address to accept: ${link}`,
      `The invite expires on ${invite.expiresAt.toUTCString()}.`,
    ].join('\n\n'),
  };
}

/**
 * Emails invites when SMTP is configured, after the transaction committed. Notifications are the
 * product's channel and mail a courtesy, so a failure is logged and never fails the mutation.
 */
export async function sendInviteEmails(
  context: { config: Pick<Config, 'mail' | 'publicUrl'>; logger: Pick<Logger, 'warn'> },
  invites: readonly TeamInviteNode[],
): Promise<void> {
  const { mail, publicUrl } = context.config;
  if (!mail) return;
  await Promise.all(
    invites.map(async (invite) => {
      try {
        await sendMail(mail, inviteEmail(invite, publicUrl));
      } catch (error) {
        context.logger.warn({ err: error, inviteId: invite.id }, 'invite email not sent');
      }
    }),
  );
}
