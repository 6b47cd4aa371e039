import type { Config } from '../config.js';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /** The same content in the product's look (mail-layout.ts); plain text alone when left out. */
  html?: string;
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Sends one message through `SMTP_URL`. A connection per message: the portal sends few
 * mails, and nothing stays open between them. Callers send after their transaction commits.
 */
export async function sendMail(mail: NonNullable<Config['mail']>, message: MailMessage): Promise<void> {
  // Loaded on the first message: an installation without SMTP never needs it in memory.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(mail.smtpUrl);
  try {
    await transport.sendMail({ from: mail.from, ...message });
  } finally {
    transport.close();
  }
}
