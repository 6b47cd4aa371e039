import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { RenderedMail } from './mail-layout.js';
import { sendMail } from './send-mail.js';

export interface OutboxMail extends RenderedMail {
  id: string;
  to: string[];
  sentAt: Date;
}

/** Where development keeps the mail it would have sent, for the /dev/mailbox page. */
export interface Outbox {
  list(): readonly OutboxMail[];
  find(id: string): OutboxMail | undefined;
}

export interface Mailer {
  /** Sends (or, without SMTP, keeps or drops) one mail; never throws: mail is a courtesy beside the answer. */
  send(to: string, mail: RenderedMail): Promise<void>;
  /** Whether mail leaves this machine (SMTP_URL is set). */
  readonly delivers: boolean;
  /** Development without SMTP only. */
  readonly outbox: Outbox | undefined;
}

const OUTBOX_SIZE = 200;

/**
 * With `SMTP_URL`, real mail. Without it in development and tests, an in-memory outbox shown on
 * /dev/mailbox and a log line with the text (links included: they are the only way to follow them). In
 * production without SMTP the mail is dropped, logged without its content (it carries single-use links),
 * and start-up says once what will not work.
 */
export function createMailer({
  config,
  logger,
}: {
  config: Pick<Config, 'mail' | 'isProduction'>;
  logger: Pick<Logger, 'info' | 'warn'>;
}): Mailer {
  const { mail } = config;
  if (mail) {
    return {
      delivers: true,
      outbox: undefined,
      async send(to, message) {
        try {
          await sendMail(mail, {
            to: [to],
            subject: message.subject,
            text: message.text,
            html: message.html,
            ...(message.headers ? { headers: message.headers } : {}),
          });
        } catch (error) {
          logger.warn({ err: error, subject: message.subject }, 'mail not sent');
        }
      },
    };
  }
  if (config.isProduction) {
    logger.warn(
      'SMTP_URL is not set: no mail is sent. People cannot verify their email address (so ADMIN_EMAIL and team ' +
        'invites wait for it), reset a forgotten password by mail, or receive invites by mail. Administrators can ' +
        'still copy a password-reset link (npm run admin -- reset-password <email>).',
    );
    return {
      delivers: false,
      outbox: undefined,
      send(_to, message) {
        logger.warn({ subject: message.subject }, 'mail not sent: SMTP_URL is not set');
        return Promise.resolve();
      },
    };
  }
  const kept: OutboxMail[] = [];
  return {
    delivers: false,
    outbox: { list: () => kept, find: (id) => kept.find((candidate) => candidate.id === id) },
    send(to, message) {
      kept.unshift({ ...message, id: randomUUID(), to: [to], sentAt: new Date() });
      kept.length = Math.min(kept.length, OUTBOX_SIZE);
      logger.info(
        { to, subject: message.subject, text: message.text },
        'mail kept in the development outbox (/dev/mailbox)',
      );
      return Promise.resolve();
    },
  };
}
