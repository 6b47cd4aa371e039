import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPasswordCommand } from '../cli.js';
import type { TestApp } from '../test/app.js';
import {
  Browser,
  type BuiltInAccount,
  comparableAnswer,
  startListeningTestApp,
  postSignUp,
  signInAtPortal as signInAtProvider,
  signUpAndSignIn as signUpAtProvider,
} from '../test/built-in-sign-in.js';
import { graphqlRequest } from '../test/graphql.js';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../test/smtp.js';

/**
 * The reproductions of issue 18 against the real built-in provider, the real portal and a real SMTP
 * server: an address nobody proved must not make anyone an administrator or a team member, a stranger's
 * wrong passwords must not lock the owner out, and a name edited in the portal must survive sign-in.
 */
let testApp: TestApp;
let baseUrl: string;
let smtp: TestSmtpServer;
let founder: { accessToken: string };
let clientAddress = 0;
const nextBrowser = () => new Browser(baseUrl, `198.51.100.${++clientAddress}`);
/** A browser asking for pages uncompressed, whose answers' lengths can be compared (`comparableAnswer`). */
const plainBrowser = () => new Browser(baseUrl, `198.51.100.${++clientAddress}`, { 'accept-encoding': 'identity' });

async function graphql<Data = Record<string, unknown>>(
  accessToken: string,
  query: string,
  variables?: Record<string, unknown>,
) {
  return graphqlRequest<Data>(testApp, { query, variables, credential: accessToken });
}

async function userInfo(accessToken: string) {
  const response = await fetch(`${baseUrl}/api/auth/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
  return (await response.json()) as { email: string; firstName: string; isSystemAdmin: boolean };
}

/** The portal asks every account to accept the current terms before anything else; these people do at once. */
async function acceptingTerms(signedIn: Promise<{ accessToken: string }>) {
  const { accessToken } = await signedIn;
  const accepted = await graphql(accessToken, 'mutation { acceptTerms { id } }');
  expect(accepted.errors).toBeUndefined();
  return { accessToken };
}
const signUpAndSignIn = (browser: Browser, account: BuiltInAccount) =>
  acceptingTerms(signUpAtProvider(browser, account));
const signInAtPortal = (browser: Browser, account: BuiltInAccount) =>
  acceptingTerms(signInAtProvider(browser, account));

/** Opens the newest verification link mailed to `email` and confirms it, as its owner would. */
async function verifyEmail(email: string) {
  const mail = await smtp.waitForMail(email, /\/idp\/verify-email\?/);
  const browser = nextBrowser();
  const page = await browser.request(linkIn(mail, '/idp/verify-email'));
  expect(page.status).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
  const confirmed = await browser.request('/idp/verify-email', { form: { token: token! } });
  expect(confirmed.status).toBe(200);
  expect(await confirmed.text()).toContain('Email address confirmed');
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ({ testApp, baseUrl } = await startListeningTestApp({
    ADMIN_EMAIL: 'boss@corp.test',
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  }));
  // Whoever installs the portal signs up first; everyone after them is a stranger to it.
  founder = await signUpAndSignIn(nextBrowser(), { email: 'founder@corp.test', password: 'founder passphrase 1' });
});
afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

describe('issue 18 reproductions', () => {
  it('an unverified sign-up as an ADMIN_EMAIL address does not become a system administrator; once verified it does', async () => {
    const squatter: BuiltInAccount = { email: 'boss@corp.test', password: 'not the boss at all' };
    const { accessToken } = await signUpAndSignIn(nextBrowser(), squatter);
    expect(await userInfo(accessToken)).toMatchObject({ email: 'boss@corp.test', isSystemAdmin: false });

    await verifyEmail('boss@corp.test');
    const afterProof = await signInAtPortal(nextBrowser(), squatter);
    expect(await userInfo(afterProof.accessToken)).toMatchObject({ isSystemAdmin: true });
  });

  it.each([
    ['frank@corp.test', 'frank@corp.test'],
    ['maria@corp.test', 'Maria@CORP.test'],
  ])(
    'an unverified sign-up as an invited address (%s signing up as %s) neither receives nor accepts the invite until verified',
    async (invited, signUpAs) => {
      const friendlyId = `team-${invited.split('@')[0]}`;
      const team = await graphql(
        founder.accessToken,
        'mutation ($input: AddTeamInput!) { addTeam(input: $input) { id } }',
        {
          input: { name: `Team of ${invited}`, friendlyId },
        },
      );
      expect(team.errors).toBeUndefined();
      const invite = await graphql<{ createInvite: { results: { invite: { id: string } | null }[] } }>(
        founder.accessToken,
        'mutation ($input: CreateInviteInput!) { createInvite(input: $input) { results { invite { id } } } }',
        { input: { teamFriendlyId: friendlyId, emails: [invited], teamRole: 'TeamMember' } },
      );
      const inviteId = invite.data!.createInvite.results[0]!.invite!.id;

      const squatter = await signUpAndSignIn(nextBrowser(), { email: signUpAs, password: 'someone else entirely' });
      const notifications = await graphql<{ myNotifications: { nodes: { type: string }[] } }>(
        squatter.accessToken,
        '{ myNotifications(first: 20) { nodes { type } } }',
      );
      expect(notifications.data!.myNotifications.nodes.filter((node) => node.type === 'TeamInvite')).toEqual([]);
      const refused = await graphql(squatter.accessToken, 'mutation ($id: ID!) { acceptInvite(inviteId: $id) }', {
        id: inviteId,
      });
      expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const membership = await graphql<{ teamByFriendlyId: unknown }>(
        squatter.accessToken,
        'query ($id: String!) { teamByFriendlyId(friendlyId: $id) { id } }',
        { id: friendlyId },
      );
      expect(membership.data?.teamByFriendlyId ?? null).toBeNull();

      await verifyEmail(signUpAs);
      const owner = await signInAtPortal(nextBrowser(), { email: signUpAs, password: 'someone else entirely' });
      const accepted = await graphql(owner.accessToken, 'mutation ($id: ID!) { acceptInvite(inviteId: $id) }', {
        id: inviteId,
      });
      expect(accepted.errors).toBeUndefined();
    },
  );

  it("a stranger's wrong passwords do not lock the owner out", async () => {
    const owner: BuiltInAccount = { email: 'owner@corp.test', password: 'the owners passphrase' };
    await signUpAndSignIn(nextBrowser(), owner);
    const stranger = nextBrowser();
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const { signInUrl } = await stranger.openSignIn();
      await stranger.follow(`${signInUrl}/sign-in`, { form: { email: owner.email, password: `guess ${attempt}` } });
    }
    const { accessToken } = await signInAtPortal(nextBrowser(), owner);
    expect(await userInfo(accessToken)).toMatchObject({ email: owner.email });
  });

  it('a name changed on the profile survives the next sign-in with the built-in provider', async () => {
    const person: BuiltInAccount = { email: 'renamed@corp.test', password: 'a name of my own', firstName: 'Bob' };
    const { accessToken } = await signUpAndSignIn(nextBrowser(), person);
    const renamed = await graphql(
      accessToken,
      'mutation ($input: UpdateMyProfileInput!) { updateMyProfile(userInput: $input) { firstName } }',
      { input: { firstName: 'Robert', lastName: 'Tables' } },
    );
    expect(renamed.errors).toBeUndefined();
    const again = await signInAtPortal(nextBrowser(), person);
    expect(await userInfo(again.accessToken)).toMatchObject({ firstName: 'Robert' });
  });

  it('a wrong password for an existing address answers exactly like any password for an unknown one', async () => {
    await signUpAndSignIn(nextBrowser(), { email: 'known@corp.test', password: 'the known passphrase' });
    const attempt = async (email: string) => {
      const browser = plainBrowser();
      const { signInUrl } = await browser.openSignIn();
      const { response } = await browser.follow(`${signInUrl}/sign-in`, { form: { email, password: 'a wrong guess' } });
      return comparableAnswer(response, email);
    };
    const known = await attempt('known@corp.test');
    expect(known.status).toBe(401);
    expect(known.headers['content-length']).toBeDefined();
    expect(await attempt('never@corp.test')).toEqual(known);
  });

  it('signing up as a taken address answers exactly like a new one and mails the owner instead', async () => {
    const first = await postSignUp(nextBrowser(), { email: 'taken@corp.test', password: 'first owner passphrase' });
    expect(first.response.status).toBe(200);
    const taken = await postSignUp(plainBrowser(), { email: 'Taken@corp.test', password: 'a second passphrase' });
    const fresh = await postSignUp(plainBrowser(), { email: 'fresh@corp.test', password: 'a second passphrase' });
    const freshAnswer = await comparableAnswer(fresh.response, 'fresh@corp.test');
    expect(freshAnswer.status).toBe(200);
    expect(await comparableAnswer(taken.response, 'Taken@corp.test')).toEqual(freshAnswer);
    await smtp.waitForMail('taken@corp.test', /already have an account/);
  });
});

describe('recovery', () => {
  const forgot = (browser: Browser, email: string) => browser.request('/idp/forgot-password', { form: { email } });
  const resetWith = async (link: string, password: string) => {
    const browser = nextBrowser();
    const page = await browser.request(link);
    if (page.status !== 200) return page;
    const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
    return browser.request('/idp/reset-password', { form: { token: token!, password } });
  };
  const canSignIn = async (email: string, password: string) => {
    const browser = nextBrowser();
    const { signInUrl } = await browser.openSignIn();
    const { url } = await browser.follow(`${signInUrl}/sign-in`, { form: { email, password } });
    return new URL(url).pathname === '/auth/callback';
  };

  it('"Forgot password?" answers alike for known and unknown addresses, and only the newest link sets a new password, once', async () => {
    const person: BuiltInAccount = { email: 'forgetful@corp.test', password: 'the first passphrase' };
    await signUpAndSignIn(nextBrowser(), person);
    const signInPage = (await nextBrowser().openSignIn()).page;
    expect(signInPage).toContain('Forgot password?</a>');

    const known = await comparableAnswer(await forgot(plainBrowser(), 'Forgetful@corp.test'), 'Forgetful@corp.test');
    expect(known.status).toBe(200);
    expect(await comparableAnswer(await forgot(plainBrowser(), 'nobody-at@corp.test'), 'nobody-at@corp.test')).toEqual(
      known,
    );
    const firstLink = linkIn(await smtp.waitForMail(person.email, /\/idp\/reset-password\?/), '/idp/reset-password');
    expect(smtp.mails.some((mail) => mail.to.includes('nobody-at@corp.test'))).toBe(false);

    await forgot(nextBrowser(), person.email);
    const newestLink = await (async () => {
      for (;;) {
        const link = linkIn(await smtp.waitForMail(person.email, /\/idp\/reset-password\?/), '/idp/reset-password');
        if (link !== firstLink) return link;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    expect((await resetWith(firstLink, 'a replaced passphrase')).status).toBe(400);
    const tooCommon = await resetWith(newestLink, 'password1');
    expect(tooCommon.status).toBe(400);
    expect(await tooCommon.text()).toContain('This password is common or easy to guess.');
    const reset = await resetWith(newestLink, 'a replaced passphrase');
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain('Password changed');
    expect((await resetWith(newestLink, 'yet another passphrase')).status).toBe(400);

    expect(await canSignIn(person.email, 'the first passphrase')).toBe(false);
    expect(await canSignIn(person.email, 'a replaced passphrase')).toBe(true);
  });

  it('npm run admin -- reset-password prints (and with SMTP mails) a link that sets a new password', async () => {
    const person: BuiltInAccount = { email: 'locked-out@corp.test', password: 'a forgotten passphrase' };
    await signUpAndSignIn(nextBrowser(), person);
    const printed: string[] = [];
    await resetPasswordCommand(
      { db: testApp.database.db, config: testApp.config, print: (line) => printed.push(line) },
      { email: 'Locked-Out@corp.test' },
    );
    expect(printed[0]).toBe('Mailed a password-reset link to locked-out@corp.test.');
    const link = printed.at(-1)!;
    expect(link).toMatch(new RegExp(`^${baseUrl}/idp/reset-password\\?token=`));
    await smtp.waitForMail(person.email, /Choose a new password/);
    expect((await resetWith(link, 'a remembered passphrase')).status).toBe(200);
    expect(await canSignIn(person.email, 'a remembered passphrase')).toBe(true);
  });
});
