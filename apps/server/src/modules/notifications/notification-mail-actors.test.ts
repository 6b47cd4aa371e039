import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer.js';
import { createCapturingLogger, createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { insertTestTeam } from '../../test/teams.js';
import { webDocument } from '../../test/web-documents.js';
import { createNotification, type NotificationType } from './notifications.service.js';
import { type NotificationMailDependencies, sendDueNotificationMails } from './notification-mail.js';
import { createUnsubscribeTokens } from './unsubscribe-tokens.js';

const DELAY_SECONDS = 60;

let smtp: TestSmtpServer;
let testApp: TestApp;
let mail: NotificationMailDependencies;

const createInvite = webDocument('CreateInvite');

/** Sends what is due once the delay has passed, as the job would. */
const sendDueMail = () => sendDueNotificationMails(mail, new Date(Date.now() + (DELAY_SECONDS + 1) * 1000));

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const { logger } = createCapturingLogger();
  testApp = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@mail.test>', NOTIFICATION_MAIL_DELAY_SECONDS: `${DELAY_SECONDS}` },
    { logger },
  );
  mail = {
    db: testApp.database.db,
    config: testApp.config,
    mailer: createMailer({ config: testApp.config, logger }),
    tokens: createUnsubscribeTokens(testApp.database.db, testApp.config),
    logger,
  };
});

afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

/** The mail's Subject header, unfolded (RFC 5322 §2.2.3). */
const subjectOf = (received: ReceivedMail): string =>
  /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(received.content)![1]!.replace(/\r?\n(?=[ \t])/g, '');

/** The first line of the mail's text part (its heading). */
const firstLineOf = (received: ReceivedMail): string =>
  /Content-Type: text\/plain[^]*?\r?\n\r?\n(.*)/.exec(received.content)![1]!.trim();

/**
 * Tells `recipient` of something `actor` did (no one when null), lets the mail job send what is due, and returns
 * the one mail it sent, found by `pattern`.
 */
async function mailAbout(
  recipient: SignedInUser,
  notification: { type: NotificationType; message: string; actor: SignedInUser | null },
  pattern: RegExp,
): Promise<ReceivedMail> {
  const { actor, ...rest } = notification;
  await createNotification(testApp.database.db, {
    userId: recipient.user.id,
    ...rest,
    externalId: crypto.randomUUID(),
    actor: actor ? { userId: actor.user.id } : null,
  });
  expect(await sendDueMail()).toBe(1);
  return smtp.waitForMail(recipient.user.email, pattern);
}

describe('notification mail names who did it', () => {
  it('an invite names the person who sent it in the subject and the first line', async () => {
    const inviter = await signInTestUser(testApp, { firstName: 'Grace', lastName: 'Hopper' });
    const invitee = await signInTestUser(testApp);
    const team = await insertTestTeam(testApp.database.db, { ownerId: inviter.user.id, name: 'Harbour Pilots' });
    const response = await graphqlRequest(testApp, {
      query: createInvite,
      variables: { input: { teamFriendlyId: team.friendlyId, emails: [invitee.user.email], teamRole: 'TeamMember' } },
      credential: inviter.accessToken,
    });
    expect(response.errors).toBeUndefined();
    expect(await sendDueMail()).toBe(1);
    const received = await smtp.waitForMail(invitee.user.email, /Harbour Pilots/);
    expect(subjectOf(received)).toBe('Grace Hopper invited you to join a team');
    expect(firstLineOf(received)).toBe('Grace Hopper invited you to join a team');
  });

  it('a decision on your request names the administrator by name, never by address', async () => {
    const administrator = await signInTestUser(testApp, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      isSystemAdmin: true,
    });
    const requester = await signInTestUser(testApp);
    const approved = await mailAbout(
      requester,
      { type: 'AppRequestApproved', message: 'Your request for Vega was approved.', actor: administrator },
      /Vega/,
    );
    expect(subjectOf(approved)).toBe('Ada Lovelace approved your access request');
    expect(firstLineOf(approved)).toBe('Ada Lovelace approved your access request');

    const unnamedAdministrator = await signInTestUser(testApp, { firstName: '', lastName: '', isSystemAdmin: true });
    const declined = await mailAbout(
      requester,
      { type: 'AppRequestRejected', message: 'Your request for Deneb was declined.', actor: unnamedAdministrator },
      /Deneb/,
    );
    expect(firstLineOf(declined)).toBe('Your access request was declined');
    expect(declined.content).not.toContain(unnamedAdministrator.user.email);
  });

  it('a request awaiting an administrator names the requester', async () => {
    const requester = await signInTestUser(testApp, { firstName: 'Alan', lastName: 'Turing' });
    const administrator = await signInTestUser(testApp, { isSystemAdmin: true });
    const received = await mailAbout(
      administrator,
      {
        type: 'AppRequestCreated',
        message: 'Alan Turing requests Altair for the team Harbour Pilots.',
        actor: requester,
      },
      /Altair/,
    );
    expect(subjectOf(received)).toBe('An access request from Alan Turing awaits your review');
    expect(firstLineOf(received)).toBe('An access request from Alan Turing awaits your review');
  });

  it('a security notice names the administrator who reset the second factors, and no one for the person’s own change', async () => {
    const administrator = await signInTestUser(testApp, { firstName: 'Ada', lastName: 'Byron', isSystemAdmin: true });
    const person = await signInTestUser(testApp);
    const reset = await mailAbout(
      person,
      {
        type: 'AccountSecurity',
        message: 'An administrator reset your two-factor authentication.',
        actor: administrator,
      },
      /reset your two-factor/,
    );
    expect(firstLineOf(reset)).toBe('A security notice about your account from Ada Byron');
    expect(subjectOf(reset)).toBe('A security notice about your account from Ada Byron');

    const ownChange = await mailAbout(
      person,
      { type: 'AccountSecurity', message: 'A passkey was added to your account.', actor: null },
      /passkey was added/,
    );
    expect(firstLineOf(ownChange)).toBe('A security notice about your account');
    expect(subjectOf(ownChange)).toBe('A passkey was added to your account.');
  });

  it('a grouped mail names the person behind each notification', async () => {
    const { db } = testApp.database;
    const approver = await signInTestUser(testApp, {
      firstName: 'Katherine',
      lastName: 'Johnson',
      isSystemAdmin: true,
    });
    const decliner = await signInTestUser(testApp, { firstName: 'Dorothy', lastName: 'Vaughan', isSystemAdmin: true });
    const person = await signInTestUser(testApp);
    for (const [type, message, actor] of [
      ['AppRequestApproved', 'Your request for Rigel was approved.', approver],
      ['AppRequestRejected', 'Your request for Sirius was declined.', decliner],
      ['AccountSecurity', 'A recovery code was used to sign in to your account.', undefined],
    ] as const) {
      await createNotification(db, {
        userId: person.user.id,
        type,
        message,
        externalId: crypto.randomUUID(),
        actor: actor ? { userId: actor.user.id } : null,
      });
    }
    expect(await sendDueMail()).toBe(1);
    const received = await smtp.waitForMail(person.user.email, /3 new notifications/);
    const text = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/
      .exec(received.content)![1]!
      .replace(/\r\n/g, '\n');
    expect(text).toContain('- Katherine Johnson approved your access request\n  Your request for Rigel was approved.');
    expect(text).toContain('- Dorothy Vaughan declined your access request\n  Your request for Sirius was declined.');
    expect(text).toContain('- A recovery code was used to sign in to your account.');
    expect(received.content).toMatch(/<strong>Katherine Johnson approved your access request<\/strong>/);
  });
});
