import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { sessions } from '../../db/schema/sessions.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signInBuiltInTestUser } from '../../test/built-in-sign-in.js';
import { errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import { registerTestPasskey } from '../../test/software-authenticator.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const password = 'a second factor passphrase';
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

const callerOf =
  (accessToken: string, app: TestApp = testApp) =>
  (query: string, variables?: Record<string, unknown>) =>
    graphqlRequest<Record<string, Record<string, unknown>>>(app, { query, variables, credential: accessToken });

const status = '{ mySecondFactors { managedHere totpEnabledAt recoveryCodesLeft required } }';
const confirm =
  'mutation Confirm($input: ConfirmTotpEnrolmentInput!) { confirmTotpEnrolment(input: $input) { codes } }';
const remove = 'mutation Remove($input: RemoveTotpInput!) { removeTotp(input: $input) { totpEnabledAt } }';

/** A built-in person with a confirmed authenticator app. */
async function enrolledPerson() {
  const person = await signInBuiltInTestUser(testApp, password);
  const call = callerOf(person.accessToken);
  const started = await call('mutation { startTotpEnrolment { secret uri qrCodeSvg } }');
  const secret = started.data!.startTotpEnrolment!.secret as string;
  const confirmed = await call(confirm, { input: { code: codeOf(secret) } });
  return { person, call, secret, codes: confirmed.data!.confirmTotpEnrolment!.codes as string[] };
}

describe('two-factor authentication on the account page', () => {
  it('sets up an authenticator app: secret, URI and QR code, confirmed by a first code, with ten recovery codes', async () => {
    const person = await signInBuiltInTestUser(testApp, password);
    const otherBrowser = await createSession(testApp.database.db, {
      userId: person.user.id,
      identityIssuer: person.user.identityIssuer,
    });
    const call = callerOf(person.accessToken);
    expect((await call(status)).data).toEqual({
      mySecondFactors: { managedHere: true, totpEnabledAt: null, recoveryCodesLeft: 0, required: false },
    });

    const started = await call('mutation { startTotpEnrolment { secret uri qrCodeSvg } }');
    expect(started.errors).toBeUndefined();
    const { secret, uri, qrCodeSvg } = started.data!.startTotpEnrolment as {
      secret: string;
      uri: string;
      qrCodeSvg: string;
    };
    expect(uri).toContain(`secret=${secret}`);
    expect(qrCodeSvg).toMatch(/^<svg/);

    const wrong = await call(confirm, { input: { code: '000000' } });
    expect(errorCodeOf(wrong)).toBe('INVALID_REQUEST');
    expect(wrong.errors![0]!.message).toContain('The code is incorrect.');
    const notDigits = await call(confirm, { input: { code: '12ab' } });
    expect(errorCodeOf(notDigits)).toBe('INVALID_REQUEST');

    const firstCode = codeOf(secret);
    const confirmed = await call(confirm, { input: { code: firstCode } });
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data!.confirmTotpEnrolment!.codes).toHaveLength(10);
    // The same code a second time is a replay (the same string: one computed again could be the next step's).
    const replay = await call(remove, { input: { code: firstCode } });
    expect(errorCodeOf(replay)).toBe('INVALID_REQUEST');

    const after = (await call(status)).data!.mySecondFactors!;
    expect(after.totpEnabledAt).toEqual(expect.any(String));
    expect(after.recoveryCodesLeft).toBe(10);
    // Confirmed, the secret is never answered again: a new enrolment is refused until this one is removed.
    expect(errorCodeOf(await call('mutation { startTotpEnrolment { secret } }'))).toBe('INVALID_REQUEST');

    const [ended] = await testApp.database.db.select().from(sessions).where(eq(sessions.id, otherBrowser.id));
    expect(ended!.revokedAt).toBeInstanceOf(Date);
    const [current] = await testApp.database.db.select().from(sessions).where(eq(sessions.id, person.sessionId));
    expect(current!.revokedAt).toBeNull();
    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.eventType, 'user.second-factor-added'));
    expect(events.some((event) => (event.payload as { userId?: string }).userId === person.user.id)).toBe(true);
    expect(JSON.stringify(events)).not.toContain(secret);
    const mine = await testApp.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.user.id), eq(notifications.type, 'AccountSecurity')));
    expect(mine.map((notification) => notification.message)).toEqual([
      expect.stringContaining('Two-factor authentication with an authenticator app was turned on'),
    ]);
  });

  it('regenerates the recovery codes: the old set stops working', async () => {
    const { call, codes, person } = await enrolledPerson();
    const regenerated = await call('mutation { regenerateRecoveryCodes { codes } }');
    const fresh = regenerated.data!.regenerateRecoveryCodes!.codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    const { useRecoveryCode } = await import('../../idp/second-factors.js');
    const accountId = person.user.identitySubject;
    expect(await useRecoveryCode(testApp.database.db, { accountId, code: codes[0]! })).toBe(false);
    expect(await useRecoveryCode(testApp.database.db, { accountId, code: fresh[0]! })).toBe(true);
    expect(await useRecoveryCode(testApp.database.db, { accountId, code: fresh[0]! })).toBe(false);
  });

  it('removes the app only with the right password or a current code, ends other sessions and notifies', async () => {
    const { call, person, secret } = await enrolledPerson();
    const wrong = await call(remove, { input: { password: 'not my password' } });
    expect(errorCodeOf(wrong)).toBe('INVALID_REQUEST');
    expect(errorCodeOf(await call(remove, { input: {} }))).toBe('INVALID_REQUEST');
    const otherBrowser = await createSession(testApp.database.db, {
      userId: person.user.id,
      identityIssuer: person.user.identityIssuer,
    });
    expect((await call(status)).data!.mySecondFactors!.required).toBe(false);
    const removed = await call(remove, { input: { password } });
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.removeTotp).toEqual({ totpEnabledAt: null });
    const [ended] = await testApp.database.db.select().from(sessions).where(eq(sessions.id, otherBrowser.id));
    expect(ended!.revokedAt).toBeInstanceOf(Date);

    // Again with a code as the proof.
    const again = await call('mutation { startTotpEnrolment { secret } }');
    const secondSecret = again.data!.startTotpEnrolment!.secret as string;
    expect(secondSecret).not.toBe(secret);
    await call(confirm, { input: { code: codeOf(secondSecret) } });
    const byCode = await call(remove, { input: { code: codeOf(secondSecret, 1) } });
    expect(byCode.errors).toBeUndefined();
  });

  it("cannot touch another person's factor: each call acts on the caller's own account", async () => {
    const mine = await enrolledPerson();
    const other = await signInBuiltInTestUser(testApp, password);
    const theirs = callerOf(other.accessToken);
    // Their status is their own; my code and my recovery codes mean nothing for them.
    expect((await theirs(status)).data!.mySecondFactors!.totpEnabledAt).toBeNull();
    expect(errorCodeOf(await theirs(remove, { input: { code: codeOf(mine.secret, 1) } }))).toBe('NOT_FOUND');
    expect(errorCodeOf(await theirs('mutation { regenerateRecoveryCodes { codes } }'))).toBe('INVALID_REQUEST');
    expect((await mine.call(status)).data!.mySecondFactors!.recoveryCodesLeft).toBe(10);
  });

  it('says the portal relies on an external provider, and refuses to enrol there', async () => {
    const person = await signInTestUser(testApp, { email: 'external-2fa@example.test' });
    const call = callerOf(person.accessToken);
    expect((await call(status)).data!.mySecondFactors).toMatchObject({ managedHere: false, totpEnabledAt: null });
    const refused = await call('mutation { startTotpEnrolment { secret } }');
    expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');
    expect(refused.errors![0]!.message).toContain('identity provider this account signs in with');
  });
});

describe('MFA_POLICY=required on the account page', () => {
  let requiredApp: TestApp;
  beforeAll(async () => {
    requiredApp = await createTestApp({ MFA_POLICY: 'required' });
  });
  afterAll(async () => {
    await requiredApp.close();
  });

  it('says a factor is required and refuses to turn it off', async () => {
    const person = await signInBuiltInTestUser(requiredApp, password);
    const call = callerOf(person.accessToken, requiredApp);
    const started = await call('mutation { startTotpEnrolment { secret } }');
    const secret = started.data!.startTotpEnrolment!.secret as string;
    await call(confirm, { input: { code: codeOf(secret) } });
    expect((await call(status)).data!.mySecondFactors!.required).toBe(true);
    const refused = await call(remove, { input: { password } });
    expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');
    expect(refused.errors![0]!.message).toContain('requires two-factor authentication');
  });

  it('lets a person with a passkey turn the app off: the passkey keeps them enrolled', async () => {
    const person = await signInBuiltInTestUser(requiredApp, password);
    const call = callerOf(person.accessToken, requiredApp);
    const started = await call('mutation { startTotpEnrolment { secret } }');
    await call(confirm, { input: { code: codeOf(started.data!.startTotpEnrolment!.secret as string) } });
    await registerTestPasskey(requiredApp.database.db, {
      publicUrl: requiredApp.config.publicUrl,
      accountId: person.user.identitySubject,
    });
    expect((await call(status)).data!.mySecondFactors!.required).toBe(false);
    const removed = await call(remove, { input: { password } });
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.removeTotp).toEqual({ totpEnabledAt: null });
  });
});
