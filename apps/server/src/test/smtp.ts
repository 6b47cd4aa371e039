import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender. */
  from: string;
  to: string[];
  /** The whole message with quoted-printable undone, so links and words can be searched as written. */
  content: string;
}

export interface TestSmtpServer {
  /** For `SMTP_URL`. */
  url: string;
  mails: ReceivedMail[];
  /** The newest mail to `to` whose content matches, waiting up to five seconds for it. */
  waitForMail(to: string, pattern: RegExp): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server on a loopback port that keeps what it receives: a free port unless `port` is given (the
 * browser journeys start one where their portal's SMTP_URL points).
 */
export async function startTestSmtpServer({ port = 0 }: { port?: number } = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          content: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const { port: listeningPort } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listeningPort}`,
    mails,
    async waitForMail(to, pattern) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mail = mails.findLast(
          (candidate) => candidate.to.includes(to.toLowerCase()) && pattern.test(candidate.content),
        );
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's content whose path starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.content.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => new URL(url).pathname.startsWith(path));
  if (!link) throw new Error(`no ${path} link in the mail:\n${mail.content}`);
  return link;
}
