import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { notificationPreferences, pendingNotificationMails } from '../../db/schema/notification-preferences.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { webDocument } from '../../test/web-documents.js';

let smtp: TestSmtpServer;

let testApp: TestApp;
let firstAdmin: SignedInUser;
let secondAdmin: SignedInUser;
let visitorAddress = 0;

const contactUs = webDocument('ContactUs');
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
  smtp = await startTestSmtpServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com' });
  firstAdmin = await signInTestUser(testApp, { isSystemAdmin: true, email: 'first-admin@example.com' });
  secondAdmin = await signInTestUser(testApp, { isSystemAdmin: true, email: 'second-admin@example.com' });
  await signInTestUser(testApp, { email: 'not-an-admin@example.com' });
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
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

    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.from).toBe('portal@example.com');
    expect(smtp.mails[0]!.to.sort()).toEqual(['first-admin@example.com', 'second-admin@example.com']);
    expect(smtp.mails[0]!.content).toMatch(/^Reply-To: ada@example\.com$/m);
    expect(smtp.mails[0]!.content).toMatch(/^Subject: Contact form: Access to the analytics app$/m);
    expect(smtp.mails[0]!.content).toContain('please call me.');
  });

  it('mails only the administrators who get contact messages by email, once: with the reply address, not again in the digest', async () => {
    const db = testApp.database.db;
    await db.insert(notificationPreferences).values([
      { userId: firstAdmin.user.id, type: 'ContactMessage', delivery: 'BOTH' },
      { userId: secondAdmin.user.id, type: 'ContactMessage', delivery: 'PORTAL' },
    ]);
    try {
      const mailsBefore = smtp.mails.length;
      const response = await sendContactMessage(validInput, { clientAddress: nextClientAddress() });
      expect(response.errors).toBeUndefined();
      await smtp.waitForMail('first-admin@example.com', /Contact form/);
      expect(smtp.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual([['first-admin@example.com']]);
      expect(await db.select().from(pendingNotificationMails)).toEqual([]);
    } finally {
      await db.delete(notificationPreferences).where(eq(notificationPreferences.type, 'ContactMessage'));
    }
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
    const mailsBefore = smtp.mails.length;
    const response = await sendContactMessage(input, { clientAddress: nextClientAddress() });
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(Object.keys(response.errors?.[0]?.extensions?.fields as object)).toEqual([field]);
    expect(await testApp.database.db.select().from(notifications)).toHaveLength(notificationsBefore);
    expect(smtp.mails).toHaveLength(mailsBefore);
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
    // A port where a mail server was a moment ago and is no longer.
    const closedSmtp = await startTestSmtpServer();
    await closedSmtp.close();

    const appWithoutMail = await createTestApp({ SMTP_URL: closedSmtp.url });
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
