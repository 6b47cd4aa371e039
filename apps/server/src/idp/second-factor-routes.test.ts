import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { eventLogs } from '../db/schema/events.js';
import { sessions } from '../db/schema/sessions.js';
import { users } from '../db/schema/users.js';
import type { TestApp } from '../test/app.js';
import { Browser, portalSignInFromCallback, useListeningTestApp } from '../test/built-in-sign-in.js';
import { registerTestPasskey } from '../test/software-authenticator.js';
import { createIdentityAccount } from './identity-accounts.js';
import { confirmTotpEnrolment, MAX_FAILED_SECOND_FACTORS, startTotpEnrolment } from './second-factors.js';

const password = 'correct horse battery staple 42';

const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

let counter = 0;
async function newAccount(testApp: TestApp) {
  counter += 1;
  const email = `second-step-${counter}-${Date.now()}@example.test`;
  const account = await createIdentityAccount(testApp.database.db, {
    email,
    password,
    firstName: 'Sam',
    lastName: 'Step',
  });
  return account;
}

async function accountWithTotp(testApp: TestApp) {
  const account = await newAccount(testApp);
  const enrolment = (await startTotpEnrolment(testApp.database.db, { accountId: account.id, email: account.email }))!;
  const recoveryCodes = (await confirmTotpEnrolment(testApp.database.db, {
    accountId: account.id,
    code: codeOf(enrolment.secret),
  }))!;
  return { account, secret: enrolment.secret, recoveryCodes };
}

async function accountWithPasskey(testApp: TestApp, baseUrl: string) {
  const account = await newAccount(testApp);
  const { authenticator } = await registerTestPasskey(testApp.database.db, {
    publicUrl: baseUrl,
    accountId: account.id,
  });
  return { account, authenticator };
}

/** What the step page's script does: asks for options, then posts the authenticator's answer. */
async function passkeyOptions(browser: Browser, stepUrl: string) {
  const response = await browser.request(`${stepUrl}/passkey/options`, { json: {} });
  return { status: response.status, options: (await response.json()) as PublicKeyCredentialRequestOptionsJSON };
}

async function postAssertion(browser: Browser, stepUrl: string, assertion: unknown) {
  const response = await browser.request(`${stepUrl}/passkey`, { json: { response: assertion } });
  return { status: response.status, body: (await response.json()) as { redirectTo?: string; error?: string } };
}

/** Posts the password form; answers where it led and the authorization request's PKCE verifier and nonce. */
async function postPassword(browser: Browser, email: string) {
  const signIn = await browser.openSignIn();
  const result = await browser.follow(`${signIn.signInUrl}/sign-in`, { form: { email, password } });
  return { ...result, signIn };
}

async function idTokenAndSession(
  testApp: TestApp,
  baseUrl: string,
  callbackUrl: string,
  signIn: { verifier: string; nonce: string },
) {
  const { idToken, accessToken } = await portalSignInFromCallback(baseUrl, { callbackUrl, ...signIn });
  const { sid } = decodeJwt(accessToken) as { sid: string };
  const [session] = await testApp.database.db.select().from(sessions).where(eq(sessions.id, sid));
  return { idClaims: decodeJwt(idToken), session: session! };
}

describe('the second step of a password sign-in (MFA_POLICY=optional)', () => {
  const portal = useListeningTestApp();

  it('signs an account without a second factor in with the password alone, recorded as amr pwd', async () => {
    const account = await newAccount(portal.testApp);
    const browser = new Browser(portal.baseUrl);
    const { url, signIn } = await postPassword(browser, account.email);
    expect(new URL(url).pathname).toBe('/auth/callback');
    const { idClaims, session } = await idTokenAndSession(portal.testApp, portal.baseUrl, url, signIn);
    expect(idClaims.amr).toEqual(['pwd']);
    expect(session.authenticationMethods).toEqual(['pwd']);
  });

  it('asks an account with an authenticator app for its code: a wrong one is refused, the right one signs in with amr pwd otp mfa', async () => {
    const { account, secret } = await accountWithTotp(portal.testApp);
    const browser = new Browser(portal.baseUrl);
    const { response, url, signIn } = await postPassword(browser, account.email);
    expect(new URL(url).pathname).toMatch(/^\/idp\/interaction\/[\w-]+\/second-factor$/);
    const page = await response.text();
    expect(page).toContain('<h1>Two-factor authentication</h1>');
    expect(page).toContain('<label for="code">Authentication code</label>');
    expect(page).toContain('Use a recovery code</a>');

    const wrong = await browser.follow(url, { form: { method: 'totp', code: '000000' } });
    expect(wrong.response.status).toBe(401);
    expect(await wrong.response.text()).toContain('The code is incorrect or was already used.');

    // One code for both tries: computed again after a step boundary it would be the next step's, a new code.
    const code = codeOf(secret, 1);
    const right = await browser.follow(url, { form: { method: 'totp', code } });
    expect(new URL(right.url).pathname).toBe('/auth/callback');
    const { idClaims, session } = await idTokenAndSession(portal.testApp, portal.baseUrl, right.url, signIn);
    expect(idClaims.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(session.authenticationMethods).toEqual(['pwd', 'otp', 'mfa']);

    // The same code again, in a new sign-in: its time step is spent.
    const againBrowser = new Browser(portal.baseUrl);
    const again = await postPassword(againBrowser, account.email);
    const replay = await againBrowser.follow(again.url, { form: { method: 'totp', code } });
    expect(replay.response.status).toBe(401);
  });

  it('accepts a recovery code once, and records its use', async () => {
    const { account, recoveryCodes } = await accountWithTotp(portal.testApp);
    const first = new Browser(portal.baseUrl);
    const step = await postPassword(first, account.email);
    const recoveryPage = await first.follow(`${step.url}?method=recovery-code`);
    expect(await recoveryPage.response.text()).toContain('<label for="code">Recovery code</label>');
    const used = await first.follow(step.url, { form: { method: 'recovery-code', code: recoveryCodes[0]! } });
    expect(new URL(used.url).pathname).toBe('/auth/callback');
    const { idClaims } = await idTokenAndSession(portal.testApp, portal.baseUrl, used.url, step.signIn);
    expect(idClaims.amr).toEqual(['pwd', 'mfa']);

    const second = new Browser(portal.baseUrl);
    const secondStep = await postPassword(second, account.email);
    const refused = await second.follow(secondStep.url, {
      form: { method: 'recovery-code', code: recoveryCodes[0]! },
    });
    expect(refused.response.status).toBe(401);
    expect(await refused.response.text()).toContain('This recovery code is incorrect or was already used.');
  });

  it(`makes the account wait after ${MAX_FAILED_SECOND_FACTORS} wrong codes, whatever the network`, async () => {
    const { account, secret } = await accountWithTotp(portal.testApp);
    const browser = new Browser(portal.baseUrl, '203.0.113.7');
    const step = await postPassword(browser, account.email);
    for (let attempt = 0; attempt < MAX_FAILED_SECOND_FACTORS; attempt += 1) {
      const wrong = await browser.follow(step.url, { form: { method: 'totp', code: '111111' } });
      expect(wrong.response.status).toBe(401);
    }
    const elsewhere = new Browser(portal.baseUrl, '198.51.100.9');
    const other = await postPassword(elsewhere, account.email);
    const throttled = await elsewhere.follow(other.url, { form: { method: 'totp', code: codeOf(secret, 1) } });
    expect(throttled.response.status).toBe(429);
    expect(await throttled.response.text()).toContain('Too many incorrect codes for this account.');
  });

  it('does not open the second step to another browser, nor sign in by returning to the provider early', async () => {
    const { account } = await accountWithTotp(portal.testApp);
    const browser = new Browser(portal.baseUrl);
    const step = await postPassword(browser, account.email);
    const stranger = await new Browser(portal.baseUrl).follow(step.url);
    expect(stranger.response.status).toBe(400);
    // The authorization request resumed without the second step asks for a sign-in again.
    const resumed = await browser.follow(step.url.replace(/\/interaction\/([\w-]+)\/second-factor$/, '/auth/$1'));
    expect(new URL(resumed.url).pathname).not.toBe('/auth/callback');
  });
});

describe('a passkey as the second step after a password', () => {
  const portal = useListeningTestApp();

  it('offers a person with an authenticator app and a passkey either; the passkey signs in with amr pwd hwk mfa', async () => {
    const { account, secret } = await accountWithTotp(portal.testApp);
    const { authenticator } = await registerTestPasskey(portal.testApp.database.db, {
      publicUrl: portal.baseUrl,
      accountId: account.id,
    });
    const browser = new Browser(portal.baseUrl);
    const { response, url, signIn } = await postPassword(browser, account.email);
    expect(new URL(url).pathname).toMatch(/\/second-factor$/);
    const page = await response.text();
    expect(page).toContain('<label for="code">Authentication code</label>');
    expect(page).toContain('data-path="second-factor/passkey"');
    expect(page).toContain('Use a passkey');
    expect(page).toContain('/idp/assets/passkey-sign-in.js');

    const { status, options } = await passkeyOptions(browser, url);
    expect(status).toBe(200);
    // Only this account's passkeys are asked for.
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      Buffer.from(authenticator.credentials[0]!.id).toString('base64url'),
    ]);
    const finished = await postAssertion(browser, url, authenticator.authenticate(options));
    expect(finished.status).toBe(200);
    const callback = await browser.follow(finished.body.redirectTo!);
    expect(new URL(callback.url).pathname).toBe('/auth/callback');
    const { idClaims, session } = await idTokenAndSession(portal.testApp, portal.baseUrl, callback.url, signIn);
    expect(idClaims).toMatchObject({ sub: account.id, amr: ['pwd', 'hwk', 'mfa'] });
    expect(session.authenticationMethods).toEqual(['pwd', 'hwk', 'mfa']);
    // The authenticator app still works on its own.
    const next = new Browser(portal.baseUrl);
    const again = await postPassword(next, account.email);
    const withCode = await next.follow(again.url, { form: { method: 'totp', code: codeOf(secret, 1) } });
    expect(new URL(withCode.url).pathname).toBe('/auth/callback');
  });

  it('leads a person with passkeys and no authenticator app to a passkey step, with no code form', async () => {
    const { account, authenticator } = await accountWithPasskey(portal.testApp, portal.baseUrl);
    const browser = new Browser(portal.baseUrl);
    const { response, url, signIn } = await postPassword(browser, account.email);
    expect(new URL(url).pathname).toMatch(/\/second-factor$/);
    const page = await response.text();
    expect(page).toContain('<h1>Two-factor authentication</h1>');
    expect(page).not.toContain('<label for="code">');
    expect(page).not.toContain('Use a recovery code');
    expect(page).toContain('data-path="second-factor/passkey"');

    // No code passes this step for them: they have no app.
    const code = await browser.follow(url, { form: { method: 'totp', code: '123456' } });
    expect(code.response.status).toBe(401);

    const { options } = await passkeyOptions(browser, url);
    const finished = await postAssertion(browser, url, authenticator.authenticate(options));
    expect(finished.status).toBe(200);
    const callback = await browser.follow(finished.body.redirectTo!);
    const { idClaims } = await idTokenAndSession(portal.testApp, portal.baseUrl, callback.url, signIn);
    expect(idClaims.amr).toEqual(['pwd', 'hwk', 'mfa']);
  });

  it('uses each challenge once, for this sign-in and this account only, and logs refusals', async () => {
    const alice = await accountWithPasskey(portal.testApp, portal.baseUrl);
    const bob = await accountWithPasskey(portal.testApp, portal.baseUrl);
    const aliceBrowser = new Browser(portal.baseUrl);
    const aliceStep = await postPassword(aliceBrowser, alice.account.email);
    const { options } = await passkeyOptions(aliceBrowser, aliceStep.url);

    // Another person's passkey, even answering this sign-in's challenge, does not pass Alice's step.
    const bobAnswer = bob.authenticator.authenticate({ ...options, allowCredentials: [] });
    const foreign = await postAssertion(aliceBrowser, aliceStep.url, bobAnswer);
    expect(foreign.status).toBe(401);
    const [failed] = await portal.testApp.database.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.eventType, 'user.second-factor-failed'))
      .orderBy(desc(eventLogs.date))
      .limit(1);
    expect(failed!.payload).toMatchObject({ method: 'passkey', step: 'sign-in', reason: 'other-account' });
    // That refusal used the challenge up: Alice's own answer to it is refused too.
    const spent = await postAssertion(aliceBrowser, aliceStep.url, alice.authenticator.authenticate(options));
    expect(spent.status).toBe(401);
    expect(spent.body.error).toMatch(/expired/);

    // A challenge of one of Alice's sign-ins does not pass another of her sign-ins.
    const { options: firstOptions } = await passkeyOptions(aliceBrowser, aliceStep.url);
    const otherBrowser = new Browser(portal.baseUrl);
    const otherStep = await postPassword(otherBrowser, alice.account.email);
    const crossed = await postAssertion(otherBrowser, otherStep.url, alice.authenticator.authenticate(firstOptions));
    expect(crossed.status).toBe(401);

    // Nor does a password-less sign-in's challenge of the same interaction.
    const signInUrl = aliceStep.url.replace(/\/second-factor$/, '');
    const passwordless = await aliceBrowser.request(`${signInUrl}/passkey/options`, { json: {} });
    const passwordlessOptions = (await passwordless.json()) as PublicKeyCredentialRequestOptionsJSON;
    const mixed = await postAssertion(
      aliceBrowser,
      aliceStep.url,
      alice.authenticator.authenticate(passwordlessOptions),
    );
    expect(mixed.status).toBe(401);

    // A browser without this sign-in gets no options, and the right answer passes once.
    expect((await passkeyOptions(new Browser(portal.baseUrl), aliceStep.url)).status).toBe(400);
    const { options: fresh } = await passkeyOptions(aliceBrowser, aliceStep.url);
    const answer = alice.authenticator.authenticate(fresh);
    expect((await postAssertion(aliceBrowser, aliceStep.url, answer)).status).toBe(200);
    expect((await postAssertion(aliceBrowser, aliceStep.url, answer)).status).toBe(400);
  });

  it('answers no passkey options for a step whose account has no passkey', async () => {
    const { account } = await accountWithTotp(portal.testApp);
    const browser = new Browser(portal.baseUrl);
    const step = await postPassword(browser, account.email);
    expect((await step.response.text()).includes('data-path="second-factor/passkey"')).toBe(false);
    const { status } = await passkeyOptions(browser, step.url);
    expect(status).toBe(400);
  });
});

describe('MFA_POLICY=required', () => {
  const portal = useListeningTestApp({ MFA_POLICY: 'required' });

  it('makes a person without a factor enrol an authenticator app before returning to the portal', async () => {
    const account = await newAccount(portal.testApp);
    const browser = new Browser(portal.baseUrl);
    const { response, url, signIn } = await postPassword(browser, account.email);
    expect(new URL(url).pathname).toMatch(/\/enrol-totp$/);
    const page = await response.text();
    expect(page).toContain('<h1>Set up two-factor authentication</h1>');
    expect(page).toMatch(/<svg role="img" aria-label="QR code for your authenticator app"/);
    const secret = /<code id="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(page)![1]!.replace(/ /g, '');

    const wrong = await browser.follow(url, { form: { code: '000000' } });
    expect(wrong.response.status).toBe(400);
    expect(await wrong.response.text()).toContain('The code is incorrect.');

    const confirmed = await browser.follow(url, { form: { code: codeOf(secret) } });
    const codesPage = await confirmed.response.text();
    expect(codesPage).toContain('<h1>Save your recovery codes</h1>');
    expect(codesPage.match(/<li><code>[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}<\/code><\/li>/g)).toHaveLength(10);

    const done = await browser.follow(`${url}/done`, { form: {} });
    expect(new URL(done.url).pathname).toBe('/auth/callback');
    const { idClaims } = await idTokenAndSession(portal.testApp, portal.baseUrl, done.url, signIn);
    expect(idClaims.amr).toEqual(['pwd', 'otp', 'mfa']);

    // The next sign-in asks for the code, no longer for an enrolment.
    const next = await postPassword(new Browser(portal.baseUrl), account.email);
    expect(new URL(next.url).pathname).toMatch(/\/second-factor$/);
  });

  it('counts a passkey as enrolled: a person with one and no authenticator app is asked for it, not to enrol', async () => {
    const { account, authenticator } = await accountWithPasskey(portal.testApp, portal.baseUrl);
    const browser = new Browser(portal.baseUrl);
    const { url, signIn } = await postPassword(browser, account.email);
    expect(new URL(url).pathname).toMatch(/\/second-factor$/);
    const { options } = await passkeyOptions(browser, url);
    const finished = await postAssertion(browser, url, authenticator.authenticate(options));
    const callback = await browser.follow(finished.body.redirectTo!);
    const { idClaims } = await idTokenAndSession(portal.testApp, portal.baseUrl, callback.url, signIn);
    expect(idClaims.amr).toEqual(['pwd', 'hwk', 'mfa']);
  });
});

describe('MFA_POLICY=required-for-admins', () => {
  const portal = useListeningTestApp({ MFA_POLICY: 'required-for-admins' });

  it('makes a system administrator enrol, and lets others in with the password', async () => {
    const member = await newAccount(portal.testApp);
    const memberSignIn = await postPassword(new Browser(portal.baseUrl), member.email);
    expect(new URL(memberSignIn.url).pathname).toBe('/auth/callback');
    await idTokenAndSession(portal.testApp, portal.baseUrl, memberSignIn.url, memberSignIn.signIn);
    // The portal user exists now; make them a system administrator.
    await portal.testApp.database.db
      .update(users)
      .set({ isSystemAdmin: true })
      .where(eq(users.identitySubject, member.id));
    const adminSignIn = await postPassword(new Browser(portal.baseUrl), member.email);
    expect(new URL(adminSignIn.url).pathname).toMatch(/\/enrol-totp$/);
  });

  it('does not make a system administrator with a passkey enrol an authenticator app', async () => {
    const { account, authenticator } = await accountWithPasskey(portal.testApp, portal.baseUrl);
    const browser = new Browser(portal.baseUrl);
    const first = await postPassword(browser, account.email);
    expect(new URL(first.url).pathname).toMatch(/\/second-factor$/);
    const { options } = await passkeyOptions(browser, first.url);
    const finished = await postAssertion(browser, first.url, authenticator.authenticate(options));
    await idTokenAndSession(
      portal.testApp,
      portal.baseUrl,
      (await browser.follow(finished.body.redirectTo!)).url,
      first.signIn,
    );
    await portal.testApp.database.db
      .update(users)
      .set({ isSystemAdmin: true })
      .where(eq(users.identitySubject, account.id));
    const adminSignIn = await postPassword(new Browser(portal.baseUrl), account.email);
    expect(new URL(adminSignIn.url).pathname).toMatch(/\/second-factor$/);
  });
});
