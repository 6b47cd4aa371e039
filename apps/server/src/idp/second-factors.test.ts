import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, totpFactors } from '../db/schema/second-factors.js';
import { insertTestIdentityAccount } from '../test/identity-accounts.js';
import { useTestDatabase } from '../test/use-test-database.js';
import {
  clearSecondFactorFailures,
  confirmTotpEnrolment,
  MAX_FAILED_SECOND_FACTORS,
  pendingSecondFactor,
  recordSecondFactorFailure,
  removeTotp,
  replaceRecoveryCodes,
  secondFactorRetryAfterSeconds,
  secondFactorStateOf,
  startTotpEnrolment,
  useRecoveryCode,
  verifyTotpCode,
} from './second-factors.js';

const database = useTestDatabase();
const newAccount = (email: string) =>
  insertTestIdentityAccount(database.db, { email, firstName: 'Tia', lastName: 'Otp' });

/** What an authenticator app shows for the secret, `offsetSteps` periods from now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function enrolledAccount(email: string) {
  const account = await newAccount(email);
  const enrolment = (await startTotpEnrolment(database.db, { accountId: account.id, email }))!;
  const confirmedWith = codeOf(enrolment.secret);
  const codes = (await confirmTotpEnrolment(database.db, { accountId: account.id, code: confirmedWith }))!;
  return { account, secret: enrolment.secret, codes, confirmedWith };
}

describe('TOTP enrolment', () => {
  it('answers a secret, its otpauth URI and a QR code, and guards sign-in only once confirmed', async () => {
    const account = await newAccount('enrol@example.test');
    const enrolment = (await startTotpEnrolment(database.db, { accountId: account.id, email: account.email }))!;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toContain('otpauth://totp/DXP%20Portal:enrol%40example.test?');
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(await pendingSecondFactor(database.db, account.id)).toBeUndefined();

    expect(await confirmTotpEnrolment(database.db, { accountId: account.id, code: '000000' })).toBeUndefined();
    const codes = await confirmTotpEnrolment(database.db, { accountId: account.id, code: codeOf(enrolment.secret) });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await pendingSecondFactor(database.db, account.id)).toEqual(['totp', 'recovery-code']);
    // A confirmed factor is not replaced by starting again: it has to be removed first.
    expect(await startTotpEnrolment(database.db, { accountId: account.id, email: account.email })).toBeUndefined();
  });

  it('keeps only hashes of the recovery codes', async () => {
    const { account, codes } = await enrolledAccount('hashes@example.test');
    const stored = await database.db.select().from(recoveryCodes);
    const mine = stored.filter((row) => row.accountId === account.id);
    expect(mine).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(mine)).not.toContain(code.replace(/-/g, ''));
  });
});

describe('TOTP codes', () => {
  it('accepts a current code once: the same time step is refused after it (replay)', async () => {
    const { account, secret, confirmedWith } = await enrolledAccount('replay@example.test');
    // The enrolment's confirmation spent its code already. The same strings are sent again, not computed again: a
    // code computed after a 30 s boundary would be the next step's, which is no replay.
    expect(await verifyTotpCode(database.db, { accountId: account.id, code: confirmedWith })).toBe(false);
    const next = codeOf(secret, 1);
    expect(await verifyTotpCode(database.db, { accountId: account.id, code: next })).toBe(true);
    expect(await verifyTotpCode(database.db, { accountId: account.id, code: next })).toBe(false);
  });

  it('refuses a wrong code, a code far from now, and a code of another account', async () => {
    const { account, secret } = await enrolledAccount('wrong@example.test');
    const other = await enrolledAccount('other@example.test');
    expect(await verifyTotpCode(database.db, { accountId: account.id, code: 'abcdef' })).toBe(false);
    expect(await verifyTotpCode(database.db, { accountId: account.id, code: codeOf(secret, 4) })).toBe(false);
    expect(await verifyTotpCode(database.db, { accountId: account.id, code: codeOf(other.secret, 1) })).toBe(false);
  });

  it('is gone after removal, with the recovery codes', async () => {
    const { account, secret, codes } = await enrolledAccount('remove@example.test');
    expect(await removeTotp(database.db, account.id)).toBe(true);
    expect(await pendingSecondFactor(database.db, account.id)).toBeUndefined();
    expect(await verifyTotpCode(database.db, { accountId: account.id, code: codeOf(secret, 1) })).toBe(false);
    expect(await useRecoveryCode(database.db, { accountId: account.id, code: codes[0]! })).toBe(false);
    expect(await database.db.select().from(totpFactors)).not.toContainEqual(
      expect.objectContaining({ accountId: account.id }),
    );
  });
});

describe('recovery codes', () => {
  it('each works once, written in any case and with or without dashes', async () => {
    const { account, codes } = await enrolledAccount('recovery@example.test');
    expect(await useRecoveryCode(database.db, { accountId: account.id, code: codes[3]!.toUpperCase() })).toBe(true);
    expect(await useRecoveryCode(database.db, { accountId: account.id, code: codes[3]! })).toBe(false);
    expect(await useRecoveryCode(database.db, { accountId: account.id, code: codes[4]!.replace(/-/g, ' ') })).toBe(
      true,
    );
    expect((await secondFactorStateOf(database.db, account.id)).recoveryCodesLeft).toBe(8);
  });

  it('are replaced by a new set: the old ones stop working', async () => {
    const { account, codes } = await enrolledAccount('regenerate@example.test');
    const fresh = await replaceRecoveryCodes(database.db, account.id);
    expect(await useRecoveryCode(database.db, { accountId: account.id, code: codes[0]! })).toBe(false);
    expect(await useRecoveryCode(database.db, { accountId: account.id, code: fresh[0]! })).toBe(true);
  });

  it("of one account do not work for another's", async () => {
    const mine = await enrolledAccount('mine@example.test');
    const theirs = await enrolledAccount('theirs@example.test');
    expect(await useRecoveryCode(database.db, { accountId: theirs.account.id, code: mine.codes[0]! })).toBe(false);
  });
});

describe('second-step throttling', () => {
  it(`makes the account wait after ${MAX_FAILED_SECOND_FACTORS} failures, and forgets them after a success`, async () => {
    const account = await newAccount('throttle@example.test');
    for (let index = 0; index < MAX_FAILED_SECOND_FACTORS - 1; index += 1) {
      await recordSecondFactorFailure(database.db, account.id);
    }
    expect(await secondFactorRetryAfterSeconds(database.db, account.id)).toBe(0);
    await recordSecondFactorFailure(database.db, account.id);
    expect(await secondFactorRetryAfterSeconds(database.db, account.id)).toBeGreaterThan(800);
    await clearSecondFactorFailures(database.db, account.id);
    expect(await secondFactorRetryAfterSeconds(database.db, account.id)).toBe(0);
  });
});
