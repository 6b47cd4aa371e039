import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs } from '../../db/schema/events.js';
import { users } from '../../db/schema/users.js';
import type { TestApp } from '../../test/app.js';
import {
  Browser,
  startListeningTestApp,
  portalSignInFromCallback,
  signInAtPortal,
  signUpAndSignIn,
} from '../../test/built-in-sign-in.js';
import { createTestServiceKey, errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import type { SignedInUser } from '../../test/graphql.js';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

/**
 * Accounts a system administrator runs, against the real built-in provider, the real portal and a real SMTP
 * server: adding a person who sets a password from the mail, suspending and reactivating, resending verification.
 */
let testApp: TestApp;
let baseUrl: string;
let smtp: TestSmtpServer;
let founder: { accessToken: string; userId: string };
let clientAddress = 0;
const nextBrowser = () => new Browser(baseUrl, `198.51.100.${++clientAddress}`);

const graphql = <Data = Record<string, unknown>>(
  credential: string,
  query: string,
  variables?: Record<string, unknown>,
) => graphqlRequest<Data>(testApp, { query, variables, credential });

const createPersonMutation = /* GraphQL */ `
  mutation ($input: CreatePersonInput!) {
    createPerson(input: $input) {
      mailed
      link
      user {
        id
        email
        isEmailVerified
        lastLogin
        suspendedAt
      }
    }
  }
`;
interface CreatedPerson {
  createPerson: {
    mailed: boolean;
    link: string | null;
    user: { id: string; email: string; isEmailVerified: boolean; lastLogin: string | null; suspendedAt: null };
  };
}
const suspendMutation = 'mutation ($id: ID!) { suspendUser(userId: $id) { id suspendedAt } }';
const reactivateMutation = 'mutation ($id: ID!) { reactivateUser(userId: $id) { id suspendedAt } }';
const resendMutation = 'mutation ($id: ID!) { resendVerificationMail(userId: $id) { email mailed link } }';

/** Opens a set-password (reset) link and chooses `password`, as its owner would. */
async function choosePassword(link: string, password: string) {
  const browser = nextBrowser();
  const page = await browser.request(link);
  expect(page.status).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
  const chosen = await browser.request('/idp/reset-password', { form: { token: token!, password } });
  expect(chosen.status).toBe(200);
}

async function acceptTerms(accessToken: string) {
  expect((await graphql(accessToken, 'mutation { acceptTerms { id } }')).errors).toBeUndefined();
}

/** An administrator adds a person, who chooses `password` from the mail and signs in at the portal. */
async function addedPersonSignedIn(email: string, password: string) {
  const created = await graphql<CreatedPerson>(founder.accessToken, createPersonMutation, {
    input: { email, firstName: 'Added', lastName: 'Person' },
  });
  expect(created.errors).toBeUndefined();
  const mail = await smtp.waitForMail(email, /\/idp\/reset-password\?/);
  await choosePassword(linkIn(mail, '/idp/reset-password'), password);
  const { accessToken } = await signInAtPortal(nextBrowser(), { email, password });
  await acceptTerms(accessToken);
  return { accessToken, userId: created.data!.createPerson.user.id };
}

const latestEvent = async (eventType: string) => {
  const [event] = await testApp.database.db
    .select()
    .from(eventLogs)
    .where(eq(eventLogs.eventType, eventType))
    .orderBy(desc(eventLogs.date))
    .limit(1);
  return event;
};

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ({ testApp, baseUrl } = await startListeningTestApp({
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  }));
  // The installation's first account: a system administrator.
  const signedIn = await signUpAndSignIn(nextBrowser(), {
    email: 'founder@corp.test',
    password: 'founder passphrase 1',
  });
  await acceptTerms(signedIn.accessToken);
  const [row] = await testApp.database.db.select().from(users).where(eq(users.email, 'founder@corp.test'));
  founder = { accessToken: signedIn.accessToken, userId: row!.id };
});
afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

describe('an administrator adds a person', () => {
  it('who is listed unverified and never signed in, gets a set-password mail, sets a password and signs in', async () => {
    const created = await graphql<CreatedPerson>(founder.accessToken, createPersonMutation, {
      input: { email: ' New.Person@Corp.test ', firstName: 'New', lastName: 'Person' },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createPerson).toMatchObject({
      mailed: true,
      link: null,
      user: { email: 'New.Person@Corp.test', isEmailVerified: false, lastLogin: null, suspendedAt: null },
    });
    const userId = created.data!.createPerson.user.id;
    const event = await latestEvent('user.created');
    expect(event).toMatchObject({ userId: founder.userId, payload: { userId, source: 'admin' } });

    const mail = await smtp.waitForMail('new.person@corp.test', /\/idp\/reset-password\?/);
    expect(mail.content).toContain('An administrator created a DXP Portal account for you');
    expect(mail.content).toContain('works for 7 days');
    // Until the person chooses a password, no password signs them in.
    await expect(
      signInAtPortal(nextBrowser(), { email: 'new.person@corp.test', password: 'a fine passphrase' }),
    ).rejects.toThrow(/401/);

    await choosePassword(linkIn(mail, '/idp/reset-password'), 'a new person passphrase');
    const { accessToken } = await signInAtPortal(nextBrowser(), {
      email: 'new.person@corp.test',
      password: 'a new person passphrase',
    });
    await acceptTerms(accessToken);
    const me = await graphql<{ me: { id: string; isEmailVerified: boolean; lastLogin: string | null } }>(
      accessToken,
      '{ me { id isEmailVerified lastLogin } }',
    );
    // The mailed link proved the address; the first sign-in is the last sign-in on the users list.
    expect(me.data!.me).toMatchObject({ id: userId, isEmailVerified: true });
    expect(me.data!.me.lastLogin).not.toBeNull();
  });

  it('refuses an address that has an account in any letter case, and invalid fields with their messages', async () => {
    const duplicate = await graphql(founder.accessToken, createPersonMutation, {
      input: { email: 'FOUNDER@corp.test', firstName: 'Again', lastName: 'Founder' },
    });
    expect(errorCodeOf(duplicate)).toBe('DUPLICATE_VALUE');
    expect(duplicate.errors![0]!.extensions).toMatchObject({ field: 'email' });

    const invalid = await graphql(founder.accessToken, createPersonMutation, {
      input: { email: 'not an address', firstName: ' ', lastName: 'x'.repeat(101) },
    });
    expect(errorCodeOf(invalid)).toBe('INVALID_REQUEST');
    expect(invalid.errors![0]!.extensions).toMatchObject({
      fields: {
        email: ['Enter a valid email address.'],
        firstName: ['Enter a name.'],
        lastName: ['Use at most 100 characters.'],
      },
    });
  });
});

describe('who may run accounts', () => {
  it('refuses every account mutation to a person who is not a system administrator', async () => {
    const person: SignedInUser = await signInTestUser(testApp);
    const target = person.user.id;
    const answers = await Promise.all([
      graphql(person.accessToken, createPersonMutation, {
        input: { email: 'sneaky@corp.test', firstName: 'S', lastName: 'N' },
      }),
      graphql(person.accessToken, suspendMutation, { id: founder.userId }),
      graphql(person.accessToken, reactivateMutation, { id: target }),
      graphql(person.accessToken, resendMutation, { id: target }),
    ]);
    expect(answers.map(errorCodeOf)).toEqual(Array(4).fill('AUTH_NOT_AUTHORIZED'));
    const [sneaky] = await testApp.database.db.select().from(users).where(eq(users.email, 'sneaky@corp.test'));
    expect(sneaky).toBeUndefined();
  });
});

describe('suspending an account', () => {
  it("refuses the person's access token and service key on the next request, and their sign-in and token exchange; reactivation lets them back", async () => {
    const person = await addedPersonSignedIn('suspended@corp.test', 'suspended passphrase');
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, person.userId));
    const serviceKey = await createTestServiceKey(testApp, row!);
    expect((await graphql(person.accessToken, '{ me { id } }')).errors).toBeUndefined();
    expect((await graphql(serviceKey, '{ me { id } }')).errors).toBeUndefined();
    // Signed in at the provider before the suspension, exchanging the ID token only after it.
    const pending = nextBrowser();
    const signIn = await pending.openSignIn();
    const callback = await pending.follow(`${signIn.signInUrl}/sign-in`, {
      form: { email: 'suspended@corp.test', password: 'suspended passphrase' },
    });
    expect(new URL(callback.url).pathname).toBe('/auth/callback');

    const suspended = await graphql<{ suspendUser: { suspendedAt: string | null } }>(
      founder.accessToken,
      suspendMutation,
      { id: person.userId },
    );
    expect(suspended.errors).toBeUndefined();
    expect(suspended.data!.suspendUser.suspendedAt).toEqual(expect.any(String));
    expect(await latestEvent('user.suspended')).toMatchObject({
      userId: founder.userId,
      payload: { userId: person.userId, email: 'suspended@corp.test' },
    });

    expect(errorCodeOf(await graphql(person.accessToken, '{ me { id } }'))).toBe('AUTH_NOT_AUTHENTICATED');
    expect(errorCodeOf(await graphql(serviceKey, '{ me { id } }'))).toBe('AUTH_NOT_AUTHENTICATED');
    await expect(
      portalSignInFromCallback(baseUrl, { callbackUrl: callback.url, verifier: signIn.verifier, nonce: signIn.nonce }),
    ).rejects.toThrow(/401/);

    // The provider says "suspended" only after the correct password; a guesser sees the usual answer.
    const browser = nextBrowser();
    const attempt = await browser.openSignIn();
    const wrong = await browser.request(`${attempt.signInUrl}/sign-in`, {
      form: { email: 'suspended@corp.test', password: 'a wrong guess here' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('This account is suspended');
    const correct = await browser.request(`${attempt.signInUrl}/sign-in`, {
      form: { email: 'suspended@corp.test', password: 'suspended passphrase' },
    });
    expect(correct.status).toBe(403);
    expect(await correct.text()).toContain('This account is suspended.');

    const reactivated = await graphql<{ reactivateUser: { suspendedAt: string | null } }>(
      founder.accessToken,
      reactivateMutation,
      { id: person.userId },
    );
    expect(reactivated.data!.reactivateUser.suspendedAt).toBeNull();
    expect(await latestEvent('user.reactivated')).toMatchObject({ payload: { userId: person.userId } });
    // Sessions ended by the suspension stay ended; the service key and a new sign-in work again.
    expect(errorCodeOf(await graphql(person.accessToken, '{ me { id } }'))).toBe('AUTH_NOT_AUTHENTICATED');
    expect((await graphql(serviceKey, '{ me { id } }')).errors).toBeUndefined();
    const again = await signInAtPortal(nextBrowser(), {
      email: 'suspended@corp.test',
      password: 'suspended passphrase',
    });
    expect((await graphql(again.accessToken, '{ me { id } }')).errors).toBeUndefined();
  });

  it('refuses suspending oneself, and the last active administrator even when two suspend each other at once', async () => {
    const self = await graphql(founder.accessToken, suspendMutation, { id: founder.userId });
    expect(errorCodeOf(self)).toBe('INVALID_CONTENT');
    expect(self.errors![0]!.message).toBe('You cannot suspend your own account.');

    const first = await signInTestUser(testApp, { isSystemAdmin: true });
    const second = await signInTestUser(testApp, { isSystemAdmin: true });
    // Three active administrators: the founder suspends the first, so two remain, who suspend each other at once.
    expect((await graphql(founder.accessToken, suspendMutation, { id: first.user.id })).errors).toBeUndefined();
    const race = await Promise.all([
      graphql(founder.accessToken, suspendMutation, { id: second.user.id }),
      graphql(second.accessToken, suspendMutation, { id: founder.userId }),
    ]);
    const codes = race.map(errorCodeOf);
    expect(codes.filter((code) => code === undefined)).toHaveLength(1);
    const refusal = race.find((answer) => errorCodeOf(answer) !== undefined)!;
    // The winner suspended the loser; the loser's own request is either refused as suspended or by the rule.
    expect(['INVALID_CONTENT', 'AUTH_NOT_AUTHENTICATED']).toContain(errorCodeOf(refusal));
    const [founderRow] = await testApp.database.db.select().from(users).where(eq(users.id, founder.userId));
    const [secondRow] = await testApp.database.db.select().from(users).where(eq(users.id, second.user.id));
    expect([founderRow!.suspendedAt, secondRow!.suspendedAt].filter((value) => value === null)).toHaveLength(1);

    // Whoever is left active cannot be demoted either: suspended administrators do not count.
    const survivor =
      founderRow!.suspendedAt === null ? founder : { accessToken: second.accessToken, userId: second.user.id };
    const demotion = await graphql(
      survivor.accessToken,
      'mutation ($input: UpdateUserInput!) { updateUser(userInput: $input) { id } }',
      { input: { id: survivor.userId, isSystemAdmin: false } },
    );
    expect(errorCodeOf(demotion)).toBe('INVALID_CONTENT');
    // Leave the founder active and signed in for the other tests: the suspension ended their session.
    if (survivor.userId !== founder.userId) {
      expect((await graphql(second.accessToken, reactivateMutation, { id: founder.userId })).errors).toBeUndefined();
      founder.accessToken = (
        await signInAtPortal(nextBrowser(), { email: 'founder@corp.test', password: 'founder passphrase 1' })
      ).accessToken;
    }
  });
});

describe('resending verification', () => {
  it('mails a new verification link to an unconfirmed address and refuses once it is confirmed', async () => {
    const created = await graphql<CreatedPerson>(founder.accessToken, createPersonMutation, {
      input: { email: 'unconfirmed@corp.test', firstName: 'Un', lastName: 'Confirmed' },
    });
    const userId = created.data!.createPerson.user.id;
    const resent = await graphql<{ resendVerificationMail: { email: string; mailed: boolean; link: null } }>(
      founder.accessToken,
      resendMutation,
      { id: userId },
    );
    expect(resent.data!.resendVerificationMail).toEqual({ email: 'unconfirmed@corp.test', mailed: true, link: null });
    expect(await latestEvent('user.verification-resent')).toMatchObject({
      userId: founder.userId,
      payload: { userId, mailed: true },
    });
    const mail = await smtp.waitForMail('unconfirmed@corp.test', /\/idp\/verify-email\?/);
    const browser = nextBrowser();
    const page = await browser.request(linkIn(mail, '/idp/verify-email'));
    const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
    expect((await browser.request('/idp/verify-email', { form: { token: token! } })).status).toBe(200);

    const again = await graphql(founder.accessToken, resendMutation, { id: userId });
    expect(errorCodeOf(again)).toBe('INVALID_CONTENT');
    expect(again.errors![0]!.message).toBe('This email address is already confirmed.');
  });
});
