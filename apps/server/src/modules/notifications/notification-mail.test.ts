import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { notificationPreferences, pendingNotificationMails } from '../../db/schema/notification-preferences.js';
import { createMailer } from '../../mail/mailer.js';
import { createCapturingLogger, createTestApp, type LogLine, type TestApp } from '../../test/app.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { linkIn, type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { insertTestTeam } from '../../test/teams.js';
import { webDocument, webDocumentSelecting } from '../../test/web-documents.js';
import { createNotification } from './notifications.service.js';
import { type NotificationMailDependencies, sendDueNotificationMails } from './notification-mail.js';
import { createUnsubscribeTokens } from './unsubscribe-tokens.js';

const DELAY_SECONDS = 60;

let smtp: TestSmtpServer;
let testApp: TestApp;
let logLines: LogLine[];
let owner: SignedInUser;
let mail: NotificationMailDependencies;

// The web's operations; CreateInvite also reads the invite it makes, which these tests go on to answer.
const createInvite = webDocumentSelecting('CreateInvite', { error: 'invite { id }' });
const myPreferences = webDocument('GetMyNotificationPreferences');
const setPreference = webDocument('SetMyNotificationPreference');

interface PreferencesData {
  myNotificationPreferences: {
    emailAvailable: boolean;
    preferences: { type: string; delivery: string; defaultDelivery: string; isChosen: boolean }[];
  };
}

/** Sends what is due once the delay has passed, as the job would. */
const sendDueMail = () => sendDueNotificationMails(mail, new Date(Date.now() + (DELAY_SECONDS + 1) * 1000));

const mailsTo = (email: string): ReceivedMail[] => smtp.mails.filter((received) => received.to.includes(email));

async function invite(invitee: SignedInUser): Promise<string> {
  const team = await insertTestTeam(testApp.database.db, { ownerId: owner.user.id, name: 'Lighthouse Keepers' });
  const response = await graphqlRequest<{ createInvite: { results: { invite: { id: string } }[] } }>(testApp, {
    query: createInvite,
    variables: { input: { teamFriendlyId: team.friendlyId, emails: [invitee.user.email], teamRole: 'TeamMember' } },
    credential: owner.accessToken,
  });
  expect(response.errors).toBeUndefined();
  return response.data!.createInvite.results[0]!.invite.id;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const capturing = createCapturingLogger();
  logLines = capturing.logLines;
  testApp = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@mail.test>', NOTIFICATION_MAIL_DELAY_SECONDS: `${DELAY_SECONDS}` },
    { logger: capturing.logger },
  );
  owner = await signInTestUser(testApp);
  mail = {
    db: testApp.database.db,
    config: testApp.config,
    mailer: createMailer({ config: testApp.config, logger: capturing.logger }),
    tokens: createUnsubscribeTokens(testApp.database.db, testApp.config),
    logger: capturing.logger,
  };
});

afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

describe('notification mail', () => {
  it('mails an invite to a local SMTP server once the delay has passed, in the product look, with a link to it', async () => {
    const invitee = await signInTestUser(testApp);
    const inviteId = await invite(invitee);
    expect(await sendDueNotificationMails(mail), 'not due before the delay').toBe(0);
    expect(mailsTo(invitee.user.email)).toHaveLength(0);

    expect(await sendDueMail()).toBe(1);
    const received = await smtp.waitForMail(invitee.user.email, /Lighthouse Keepers/);
    expect(received.content).toMatch(/multipart\/alternative/);
    expect(received.content).toMatch(/text\/plain/);
    expect(received.content).toMatch(/text\/html/);
    expect(received.content).toContain('Test User invited you to join a team');
    expect(linkIn(received, '/account/notifications')).toBe(
      `http://localhost:3999/account/notifications?invite=${inviteId}`,
    );
    expect(received.content).toMatch(
      /List-Unsubscribe:\s+<http:\/\/localhost:3999\/api\/notifications\/unsubscribe\?token=[\w.-]+>/,
    );
    expect(received.content).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // One mail: the invite's own email goes to addresses without a notification only.
    expect(mailsTo(invitee.user.email)).toHaveLength(1);
    expect(await testApp.database.db.select().from(pendingNotificationMails)).toEqual([]);
  });

  it('after choosing "portal only" for invites, the next invite sends none and still shows in the portal', async () => {
    const invitee = await signInTestUser(testApp);
    const chosen = await graphqlRequest(testApp, {
      query: setPreference,
      variables: { input: { type: 'TeamInvite', delivery: 'PORTAL' } },
      credential: invitee.accessToken,
    });
    expect(chosen.data).toEqual({
      setMyNotificationPreference: { type: 'TeamInvite', delivery: 'PORTAL', defaultDelivery: 'BOTH', isChosen: true },
    });
    await invite(invitee);
    expect(await sendDueMail()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(invitee.user.email)).toHaveLength(0);
    const [notification] = await testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, invitee.user.id));
    expect(notification).toMatchObject({ type: 'TeamInvite', isRead: false });
  });

  it('groups several notifications within the delay into one mail, each with its link', async () => {
    const person = await signInTestUser(testApp);
    const { db } = testApp.database;
    for (const [type, message] of [
      ['AppRequestApproved', 'Your request for Atlas was approved.'],
      ['AppRequestRejected', 'Your request for Borealis was declined.'],
      ['AppRequestApproved', 'Your request for Cygnus was approved.'],
    ] as const) {
      await createNotification(db, { userId: person.user.id, type, message, externalId: crypto.randomUUID() });
    }
    // Portal only by default: not mailed.
    await createNotification(db, { userId: person.user.id, type: 'TeamRoleChanged', message: 'You are an admin now.' });

    expect(await sendDueMail()).toBe(1);
    const received = await smtp.waitForMail(person.user.email, /3 new notifications/);
    for (const name of ['Atlas', 'Borealis', 'Cygnus']) expect(received.content).toContain(name);
    expect(received.content).not.toContain('You are an admin now.');
    expect(received.content).toMatch(/http:\/\/localhost:3999\/apps\/requests\/[0-9a-f-]{36}/);
    expect(mailsTo(person.user.email)).toHaveLength(1);
    expect(await sendDueMail()).toBe(0);
  });

  it('sends one mail when two replicas pass at once (the rows are claimed by deleting them)', async () => {
    const person = await signInTestUser(testApp);
    await createNotification(testApp.database.db, {
      userId: person.user.id,
      type: 'AppRequestApproved',
      message: 'Your request for Lyra was approved.',
    });
    const sent = await Promise.all([sendDueMail(), sendDueMail(), sendDueMail()]);
    expect(sent.reduce((total, count) => total + count, 0)).toBe(1);
    await smtp.waitForMail(person.user.email, /Lyra/);
    expect(mailsTo(person.user.email)).toHaveLength(1);
  });

  it('for mail alone, keeps the notification read in the portal and mails it', async () => {
    const person = await signInTestUser(testApp);
    await graphqlRequest(testApp, {
      query: setPreference,
      variables: { input: { type: 'TeamRoleChanged', delivery: 'EMAIL' } },
      credential: person.accessToken,
    });
    const notification = await createNotification(testApp.database.db, {
      userId: person.user.id,
      type: 'TeamRoleChanged',
      message: 'You are an owner of Zephyr now.',
    });
    expect(notification.isRead).toBe(true);
    expect(await sendDueMail()).toBe(1);
    await smtp.waitForMail(person.user.email, /owner of Zephyr/);
  });

  it('mails no one whose address is not proven', async () => {
    const person = await signInTestUser(testApp, { isEmailVerified: false });
    await createNotification(testApp.database.db, {
      userId: person.user.id,
      type: 'AppRequestApproved',
      message: 'Your request for Dorado was approved.',
    });
    expect(await sendDueMail()).toBe(0);
    expect(mailsTo(person.user.email)).toHaveLength(0);
  });
});

describe('the unsubscribe link', () => {
  async function mailedLink(person: SignedInUser, message: string): Promise<string> {
    await createNotification(testApp.database.db, { userId: person.user.id, type: 'AppRequestApproved', message });
    await sendDueMail();
    return linkIn(await smtp.waitForMail(person.user.email, new RegExp(message)), '/api/notifications/unsubscribe');
  }

  it('works signed out: GET asks to confirm and changes nothing, POST stops that type of mail', async () => {
    const person = await signInTestUser(testApp);
    const link = await mailedLink(person, 'Your request for Eridanus was approved.');
    const url = link.replace('http://localhost:3999', '');

    const confirm = await testApp.app.inject({ method: 'GET', url });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['cache-control']).toBe('no-store');
    expect(confirm.body).toContain('Stop these emails?');
    expect(confirm.body).toContain('Approved access requests');
    expect(confirm.body).toMatch(/<form method="post" action="\/api\/notifications\/unsubscribe\?token=/);
    expect(
      await testApp.database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, person.user.id)),
    ).toEqual([]);

    // RFC 8058 one-click, as a mail provider posts it.
    const applied = await testApp.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.body).toContain('You are unsubscribed');
    const [stored] = await testApp.database.db
      .select()
      .from(notificationPreferences)
      .where(
        and(eq(notificationPreferences.userId, person.user.id), eq(notificationPreferences.type, 'AppRequestApproved')),
      );
    expect(stored?.delivery).toBe('PORTAL');
    const [event] = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(
        and(eq(eventLogs.userId, person.user.id), eq(eventLogs.eventType, 'notification-preference.unsubscribed')),
      );
    expect(event?.payload).toEqual({ types: ['AppRequestApproved'] });

    await createNotification(testApp.database.db, {
      userId: person.user.id,
      type: 'AppRequestApproved',
      message: 'Your request for Fornax was approved.',
    });
    expect(await sendDueMail()).toBe(0);

    const token = new URL(link).searchParams.get('token')!;
    expect(JSON.stringify(logLines)).not.toContain(token);
  });

  it('refuses a tampered, truncated or foreign token with a page that says what to do', async () => {
    const person = await signInTestUser(testApp);
    const link = await mailedLink(person, 'Your request for Grus was approved.');
    const token = new URL(link).searchParams.get('token')!;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherPerson = Buffer.from(JSON.stringify({ ...claims, sub: owner.user.id })).toString('base64url');
    for (const forged of [`${header}.${otherPerson}.${signature}`, token.slice(0, -4), owner.accessToken, '']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await testApp.app.inject({
          method,
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.body).toContain('This unsubscribe link is not valid');
        expect(response.body).toContain('http://localhost:3999/account/profile');
      }
    }
    expect(
      await testApp.database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, owner.user.id)),
    ).toEqual([]);
  });
});

describe('notification preferences', () => {
  it('lists every type with its default for the signed-in person only', async () => {
    const person = await signInTestUser(testApp);
    const response = await graphqlRequest<PreferencesData>(testApp, {
      query: myPreferences,
      credential: person.accessToken,
    });
    expect(response.errors).toBeUndefined();
    const { emailAvailable, preferences } = response.data!.myNotificationPreferences;
    expect(emailAvailable).toBe(true);
    expect(preferences.find((preference) => preference.type === 'TeamInvite')).toEqual({
      type: 'TeamInvite',
      delivery: 'BOTH',
      defaultDelivery: 'BOTH',
      isChosen: false,
    });
    expect(preferences.find((preference) => preference.type === 'TeamRoleChanged')?.delivery).toBe('PORTAL');
    // What only system administrators receive is theirs to choose.
    expect(preferences.map((preference) => preference.type)).not.toContain('ContactMessage');
    const asAdministrator = await graphqlRequest<PreferencesData>(testApp, {
      query: myPreferences,
      credential: (await signInTestUser(testApp, { isSystemAdmin: true })).accessToken,
    });
    expect(asAdministrator.data?.myNotificationPreferences.preferences.map((preference) => preference.type)).toEqual(
      expect.arrayContaining(['AppRequestCreated', 'ContactMessage']),
    );
  });

  it('needs a signed-in person and refuses an unknown type', async () => {
    const anonymous = await graphqlRequest(testApp, { query: myPreferences });
    expect(errorCodeOf(anonymous)).toBe('AUTH_NOT_AUTHENTICATED');
    const anonymousSet = await graphqlRequest(testApp, {
      query: setPreference,
      variables: { input: { type: 'TeamInvite', delivery: 'PORTAL' } },
    });
    expect(errorCodeOf(anonymousSet)).toBe('AUTH_NOT_AUTHENTICATED');
    const unknown = await graphqlRequest(testApp, {
      query: setPreference,
      variables: { input: { type: 'Nonsense', delivery: 'BOTH' } },
      credential: owner.accessToken,
    });
    expect(errorCodeOf(unknown)).toBe('INVALID_REQUEST');
  });
});

describe('the mail job of the running app', () => {
  it('in development without SMTP, puts the mail in the development mailbox on its own once due', async () => {
    const devApp = await createTestApp({ NOTIFICATION_MAIL_DELAY_SECONDS: '0' });
    try {
      const person = await signInTestUser(devApp);
      await createNotification(devApp.database.db, {
        userId: person.user.id,
        type: 'TeamInvite',
        message: 'You are invited to join the team Orion.',
        externalId: crypto.randomUUID(),
      });
      await expect
        .poll(
          async () =>
            (await devApp.app.inject({ url: '/dev/mailbox/messages.json' })).json<
              { to: string[]; subject: string }[]
            >(),
          { timeout: 5000, interval: 200 },
        )
        .toEqual([
          expect.objectContaining({ to: [person.user.email], subject: 'You are invited to join the team Orion.' }),
        ]);
    } finally {
      await devApp.close();
    }
  });
});

/** A production portal without SMTP_URL: no mail can go out. */
const productionWithoutMail = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.test',
  OIDC_ISSUER: 'https://issuer.test',
  OIDC_CLIENT_ID: 'portal',
  GRAPHQL_TRUSTED_DOCUMENTS: 'off',
};

/**
 * A contact message for an administrator who chose mail alone follows the rule the account page offers mail by
 * (`isNotificationMailAvailable`): mailed where mail can go, development's outbox included, else in the portal.
 */
describe('a contact message for an administrator who gets contact messages by mail alone', () => {
  const contactUs = 'mutation ContactUs($input: ContactUsInput!) { contactUs(input: $input) }';
  const input = { name: 'Visiting Vera', email: 'vera@example.test', subject: 'A question', message: 'Hello.' };

  async function adminByMailAlone(app: TestApp) {
    const admin = await signInTestUser(app, { isSystemAdmin: true });
    await app.database.db
      .insert(notificationPreferences)
      .values({ userId: admin.user.id, type: 'ContactMessage', delivery: 'EMAIL' });
    const response = await graphqlRequest(app, { query: contactUs, variables: { input } });
    expect(response.errors).toBeUndefined();
    return admin;
  }

  it('in development without SMTP, is put in the development mailbox', async () => {
    const devApp = await createTestApp({ NOTIFICATION_MAIL_DELAY_SECONDS: '0' });
    try {
      const admin = await adminByMailAlone(devApp);
      await expect
        .poll(
          async () =>
            (await devApp.app.inject({ url: '/dev/mailbox/messages.json' }))
              .json<{ to: string[]; text: string }[]>()
              .map((mail) => ({
                to: mail.to,
                fromVera: mail.text.includes('Visiting Vera <vera@example.test> wrote'),
              })),
          { timeout: 5000, interval: 200 },
        )
        .toEqual([{ to: [admin.user.email], fromVera: true }]);
    } finally {
      await devApp.close();
    }
  });

  it('where no mail can be sent, is shown in the portal, unread', async () => {
    const noMailApp = await createTestApp({ ...productionWithoutMail, NOTIFICATION_MAIL_DELAY_SECONDS: '0' });
    try {
      const admin = await adminByMailAlone(noMailApp);
      await expect
        .poll(
          async () =>
            (
              await noMailApp.database.db
                .select({ isRead: notifications.isRead })
                .from(notifications)
                .where(and(eq(notifications.userId, admin.user.id), eq(notifications.type, 'ContactMessage')))
            ).map((row) => row.isRead),
          { timeout: 5000, interval: 200 },
        )
        .toEqual([false]);
    } finally {
      await noMailApp.close();
    }
  });
});

describe('without mail', () => {
  it('offers the portal only, refuses mail deliveries, and a notification meant for mail alone reaches the portal', async () => {
    const noMailApp = await createTestApp(productionWithoutMail);
    try {
      const person = await signInTestUser(noMailApp);
      const response = await graphqlRequest<PreferencesData>(noMailApp, {
        query: myPreferences,
        credential: person.accessToken,
      });
      expect(response.data?.myNotificationPreferences.emailAvailable).toBe(false);
      expect(
        response.data?.myNotificationPreferences.preferences.every((preference) => preference.delivery === 'PORTAL'),
      ).toBe(true);
      const refused = await graphqlRequest(noMailApp, {
        query: setPreference,
        variables: { input: { type: 'TeamInvite', delivery: 'EMAIL' } },
        credential: person.accessToken,
      });
      expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');

      // Chosen while mail was configured, then SMTP_URL was removed.
      await noMailApp.database.db
        .insert(notificationPreferences)
        .values({ userId: person.user.id, type: 'TeamRoleChanged', delivery: 'EMAIL' });
      const notification = await createNotification(noMailApp.database.db, {
        userId: person.user.id,
        type: 'TeamRoleChanged',
        message: 'You are an admin of Hydra now.',
      });
      const { logger } = createCapturingLogger();
      const sent = await sendDueNotificationMails(
        {
          db: noMailApp.database.db,
          config: noMailApp.config,
          mailer: createMailer({ config: noMailApp.config, logger }),
          tokens: createUnsubscribeTokens(noMailApp.database.db, noMailApp.config),
          logger,
        },
        new Date(Date.now() + 1000 * 1000),
      );
      expect(sent).toBe(0);
      const [stored] = await noMailApp.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, notification.id));
      expect(stored?.isRead).toBe(false);
    } finally {
      await noMailApp.close();
    }
  });
});
