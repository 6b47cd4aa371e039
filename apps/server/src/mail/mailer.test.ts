import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCapturingLogger, createTestApp, type TestApp } from '../test/app.js';
import { createIdentityAccount } from '../idp/identity-accounts.js';
import { startTestSmtpServer } from '../test/smtp.js';
import { renderMail } from './mail-layout.js';
import { createMailer } from './mailer.js';

const mail = renderMail({
  subject: 'Choose a new password',
  heading: 'Choose a new password',
  paragraphs: ['Someone asked <b>for</b> it.'],
  action: { label: 'Choose a new password', url: 'http://localhost:3999/idp/reset-password?token=secret-token' },
});

describe('mail', () => {
  it('has a plain-text part and an HTML part in the product look, with the text escaped', () => {
    expect(mail.text).toContain('Choose a new password: http://localhost:3999/idp/reset-password?token=secret-token');
    expect(mail.html).toContain('href="http://localhost:3999/idp/reset-password?token=secret-token"');
    expect(mail.html).toContain('Someone asked &#60;b&#62;for&#60;/b&#62; it.');
    expect(mail.html).toContain('DXP Portal');
  });

  it('goes through SMTP_URL as a multipart message', async () => {
    const smtp = await startTestSmtpServer();
    try {
      const { logger } = createCapturingLogger();
      const mailer = createMailer({
        config: { mail: { smtpUrl: smtp.url, from: 'portal@example.com' }, isProduction: true },
        logger,
      });
      await mailer.send('ada@example.com', mail);
      const received = await smtp.waitForMail('ada@example.com', /Choose a new password/);
      expect(received.content).toMatch(/multipart\/alternative/);
      expect(received.content).toMatch(/text\/plain/);
      expect(received.content).toMatch(/text\/html/);
      expect(mailer.outbox).toBeUndefined();
    } finally {
      await smtp.close();
    }
  });

  it('in production without SMTP says at start-up what will not work and never logs the links of a mail', async () => {
    const { logger, logLines } = createCapturingLogger();
    const mailer = createMailer({ config: { mail: undefined, isProduction: true }, logger });
    expect(logLines[0]?.msg).toMatch(/SMTP_URL is not set: no mail is sent\. People cannot verify their email/);
    await mailer.send('ada@example.com', mail);
    expect(JSON.stringify(logLines)).not.toContain('secret-token');
    expect(mailer.outbox).toBeUndefined();
  });
});

describe('the development mailbox', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('shows the mail development would have sent, with its links, and its HTML part in a sandbox', async () => {
    await createIdentityAccount(testApp.database.db, {
      email: 'grace@example.com',
      password: 'a remembered passphrase',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/idp/forgot-password',
      payload: 'email=grace%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const [kept] = (await testApp.app.inject({ url: '/dev/mailbox/messages.json' })).json<
      { id: string; to: string[]; subject: string; text: string }[]
    >();
    expect(kept).toMatchObject({ to: ['grace@example.com'], subject: 'Choose a new password' });
    const list = await testApp.app.inject({ url: '/dev/mailbox' });
    expect(list.body).toContain(`<a href="/dev/mailbox/${kept!.id}">Choose a new password</a>`);
    const message = await testApp.app.inject({ url: `/dev/mailbox/${kept!.id}` });
    expect(message.body).toMatch(/<a href="http:\/\/localhost:3999\/idp\/reset-password\?token=[\w-]+">/);
    const html = await testApp.app.inject({ url: `/dev/mailbox/${kept!.id}/html` });
    expect(html.headers['content-security-policy']).toMatch(/sandbox/);
    expect(html.body).toContain('Choose a new password');
  });
});
