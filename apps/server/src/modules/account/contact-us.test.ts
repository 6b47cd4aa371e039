import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
let smtpServer: SMTPServer;
const receivedMails: ReceivedMail[] = [];

let testApp: TestApp;
let firstAdmin: SignedInUser;
let secondAdmin: SignedInUser;
let visitorAddress = 0;

const contactUs = 'mutation ContactUs($input: ContactUsInput!) { contactUs(input: $input) }';
const validInput = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Access to the analytics app',
  message: 'Hello,\nplease call me.',
};

/** Each test calls from its own client address, so the per-address limit is tested where it is meant to be. */
function sendContactMessage(input: Record<string, unknown>, options: { clientAddress: string; credential?: string }) {
  return graphqlRequest<{ contactUs: boolean }>(testApp, {
    query: contactUs,
    variables: { input },
    credential: options.credential,
    headers: { 'x-forwarded-for': options.clientAddress },
  });
}
const nextClientAddress = () => `203.0.113.${++visitorAddress}`;

beforeAll(async () => {
  smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        receivedMails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  smtpServer.listen(0, '127.0.0.1');
  await once(smtpServer.server, 'listening');
  const { port } = smtpServer.server.address() as AddressInfo;
  testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'portal@example.com' });
  firstAdmin = await signInTestUser(testApp, { isSystemAdmin: true, email: 'first-admin@example.com' });
  secondAdmin = await signInTestUser(testApp, { isSystemAdmin: true, email: 'second-admin@example.com' });
  await signInTestUser(testApp, { email: 'not-an-admin@example.com' });
});
afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => smtpServer.close(() => resolve()));
});

describe('contactUs', () => {
  it('reaches every system admin as a notification and by email, without sign-in, and is recorded as an event', async () => {
    const response = await sendContactMessage(validInput, { clientAddress: nextClientAddress() });
    expect(response.errors).toBeUndefined();
    expect(response.data!.contactUs).toBe(true);

    const { db } = testApp.database;
    const delivered = await db.select().from(notifications).where(eq(notifications.type, 'ContactMessage'));
    expect(delivered.map((notification) => notification.userId).sort()).toEqual(
      [firstAdmin.user.id, secondAdmin.user.id].sort(),
    );
    expect(delivered[0]!.message).toBe(
      'Ada Lovelace <ada@example.com> wrote: Access to the analytics app\n\nHello,\nplease call me.',
    );

    const [event] = await db.select().from(eventLogs).where(eq(eventLogs.eventType, 'contact.message_sent'));
    expect(event).toMatchObject({
      userId: null,
      userEmail: null,
      payload: { ...validInput, recipientCount: 2, contactMessageId: delivered[0]!.externalId },
    });

    expect(receivedMails).toHaveLength(1);
    expect(receivedMails[0]!.from).toBe('portal@example.com');
    expect(receivedMails[0]!.to.sort()).toEqual(['first-admin@example.com', 'second-admin@example.com']);
    expect(receivedMails[0]!.data).toMatch(/^Reply-To: ada@example\.com$/m);
    expect(receivedMails[0]!.data).toMatch(/^Subject: Contact form: Access to the analytics app$/m);
    expect(receivedMails[0]!.data).toContain('please call me.');
  });

  it('names the signed-in sender in the event', async () => {
    const sender = await signInTestUser(testApp);
    await sendContactMessage(validInput, { clientAddress: nextClientAddress(), credential: sender.accessToken });
    const [event] = await testApp.database.db.select().from(eventLogs).where(eq(eventLogs.userId, sender.user.id));
    expect(event).toMatchObject({ eventType: 'contact.message_sent', userEmail: sender.user.email });
  });

  it.each([
    [{ ...validInput, email: 'not an email' }, 'email'],
    [{ ...validInput, name: '  ' }, 'name'],
    [{ ...validInput, subject: 'Hi\r\nBcc: victim@example.com' }, 'subject'],
    [{ ...validInput, message: 'x'.repeat(5001) }, 'message'],
  ])('refuses %o with INVALID_REQUEST naming %s, and sends nothing', async (input, field) => {
    const notificationsBefore = (await testApp.database.db.select().from(notifications)).length;
    const mailsBefore = receivedMails.length;
    const response = await sendContactMessage(input, { clientAddress: nextClientAddress() });
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(Object.keys(response.errors?.[0]?.extensions?.fields as object)).toEqual([field]);
    expect(await testApp.database.db.select().from(notifications)).toHaveLength(notificationsBefore);
    expect(receivedMails).toHaveLength(mailsBefore);
  });

  it('API6:2023 sensitive business flows (ASVS V2.4.1) – allows 5 messages per 10 minutes from one address, then answers RATE_LIMITED', async () => {
    const clientAddress = nextClientAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await sendContactMessage(validInput, { clientAddress });
      expect(response.errors, `attempt ${attempt}`).toBeUndefined();
    }
    const sixth = await sendContactMessage(validInput, { clientAddress });
    expect(sixth.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const fromElsewhere = await sendContactMessage(validInput, { clientAddress: nextClientAddress() });
    expect(fromElsewhere.errors).toBeUndefined();
  });
});

describe('contactUs with an unreachable mail server', () => {
  it('still delivers the notifications and answers true: the failed email is only logged', async () => {
    const closedSmtp = new SMTPServer({ logger: false });
    closedSmtp.listen(0, '127.0.0.1');
    await once(closedSmtp.server, 'listening');
    const { port } = closedSmtp.server.address() as AddressInfo;
    await new Promise<void>((resolve) => closedSmtp.close(() => resolve()));

    const appWithoutMail = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const admin = await signInTestUser(appWithoutMail, { isSystemAdmin: true });
      const response = await graphqlRequest<{ contactUs: boolean }>(appWithoutMail, {
        query: contactUs,
        variables: { input: validInput },
      });
      expect(response.data).toEqual({ contactUs: true });
      const delivered = await appWithoutMail.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, admin.user.id));
      expect(delivered.map((notification) => notification.type)).toEqual(['ContactMessage']);
    } finally {
      await appWithoutMail.close();
    }
  });
});
