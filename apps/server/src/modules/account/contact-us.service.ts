import { randomUUID } from 'node:crypto';
import { type ContactUsInput, contactUsInputSchema } from '@dxp/contracts/contact-us';
import { deliversByEmail } from '@dxp/contracts/notification-preferences';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Actor } from '../../auth/actor.js';
import type { OperationRateLimit } from '../../auth/rate-limit.js';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { users } from '../../db/schema/users.js';
import { renderMail } from '../../mail/mail-layout.js';
import { sendMail } from '../../mail/send-mail.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { deliveryFor } from '../notifications/notification-preferences.service.js';
import { createNotification } from '../notifications/notifications.service.js';

/** Per client address, signed in or not: enough for people, useless for flooding the admins. */
export const contactUsRateLimit: OperationRateLimit = { operation: 'contactUs', max: 5, timeWindow: '10 minutes' };

/**
 * Hands a visitor's message to every system administrator: a notification each (in one transaction
 * with the event that records it), then, when SMTP is configured, one email with the visitor's address
 * to reply to, to the administrators who get contact messages by email (their notification preference;
 * the digest leaves these out). Without SMTP the notification mail decides, by the rule the account page offers
 * mail by: development's outbox, else the portal. A failed email is logged; the message has reached the admins.
 */
export async function sendContactMessage(
  db: DatabaseExecutor,
  options: { actor: Actor | null; input: ContactUsInput; mail: Config['mail']; logger: Logger },
): Promise<void> {
  const { actor, mail, logger } = options;
  const input = contactUsInputSchema.parse(options.input);
  const contactMessageId = randomUUID();
  const text = `${input.name} <${input.email}> wrote: ${input.subject}\n\n${input.message}`;

  const admins = await db.transaction(async (transaction) => {
    const systemAdmins = await transaction
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.isSystemAdmin, true));
    const mailedAdmins: typeof systemAdmins = [];
    for (const admin of systemAdmins) {
      await createNotification(transaction, {
        userId: admin.id,
        type: 'ContactMessage',
        message: text,
        externalId: contactMessageId,
        actor: { name: input.name },
        // Without SMTP the digest decides, as for every notification: development's outbox, or the portal.
        isMailedByCaller: mail !== undefined,
      });
      if (mail && deliversByEmail(await deliveryFor(transaction, admin.id, 'ContactMessage'))) mailedAdmins.push(admin);
    }
    await recordEvent(transaction, {
      eventType: 'contact.message_sent',
      actor,
      payload: { contactMessageId, ...input, recipientCount: systemAdmins.length },
    });
    return mailedAdmins;
  });

  if (!mail || admins.length === 0) return;
  try {
    const rendered = renderMail({
      subject: `Contact form: ${input.subject}`,
      heading: input.subject,
      paragraphs: [`${input.name} <${input.email}> wrote through the contact form:`, ...input.message.split(/\n{2,}/)],
      footnote: 'Reply to this mail to answer them.',
    });
    await sendMail(mail, {
      to: admins.map((admin) => admin.email),
      replyTo: input.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
    });
  } catch (error) {
    logger.error({ err: error, contactMessageId }, 'contact message email failed');
  }
}
