import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { RECOVERY_CODE_COUNT } from '@dxp/contracts/second-factors';
import type { DatabaseExecutor } from '../db/client.js';
import { identityAccounts, signInFailures } from '../db/schema/auth.js';
import { passkeyChallenges, passkeys } from '../db/schema/passkeys.js';
import { recoveryCodes, totpFactors } from '../db/schema/second-factors.js';

/**
 * Second factors of built-in provider accounts: an authenticator app (TOTP, RFC 6238) and single-use recovery
 * codes (docs/decisions/0123-second-factors-built-in-provider.md).
 */

const TOTP_ISSUER = 'DXP Portal';
const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now is accepted, for a phone clock a little off. */
const TOTP_WINDOW = 1;

/** Failed second-factor codes per account before it waits; 10 in 15 minutes leaves ~1 in 30 000 to guess a code. */
export const MAX_FAILED_SECOND_FACTORS = 10;
export const SECOND_FACTOR_FAILURE_WINDOW_MINUTES = 15;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The second-factor methods an account can pass a sign-in step with, and what else it holds. */
export interface SecondFactorState {
  totpConfirmedAt: Date | null;
  recoveryCodesLeft: number;
  /** Passkeys (docs/decisions/0125-passkeys.md) pass the second step too. */
  passkeyCount: number;
}

export async function secondFactorStateOf(db: DatabaseExecutor, accountId: string): Promise<SecondFactorState> {
  const [factor] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.accountId, accountId));
  const [codes] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  const [keys] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.accountId, accountId));
  return {
    totpConfirmedAt: factor?.confirmedAt ?? null,
    recoveryCodesLeft: codes?.left ?? 0,
    passkeyCount: keys?.total ?? 0,
  };
}

/**
 * Locks the account's row until the caller's transaction ends, so two changes of its factors (removing the app and
 * the last passkey at once) run one after the other and the second sees what the first left.
 */
export async function lockSecondFactors(db: DatabaseExecutor, accountId: string): Promise<void> {
  await db
    .select({ id: identityAccounts.id })
    .from(identityAccounts)
    .where(eq(identityAccounts.id, accountId))
    .for('update');
}

/** True when the account holds a factor that passes the second step (MFA_POLICY counts it as enrolled). */
export const hasSecondFactor = (state: SecondFactorState) => state.totpConfirmedAt !== null || state.passkeyCount > 0;

export type SecondFactorMethod = 'totp' | 'recovery-code' | 'passkey';

/**
 * The methods any one of which passes the second step after the password, or undefined when the account has no
 * second factor: the authenticator app (and its recovery codes), and passkeys (docs/decisions/0132-passkey-second-step-and-admin-reset.md).
 */
export async function pendingSecondFactor(
  db: DatabaseExecutor,
  accountId: string,
): Promise<SecondFactorMethod[] | undefined> {
  const state = await secondFactorStateOf(db, accountId);
  if (!hasSecondFactor(state)) return undefined;
  const methods: SecondFactorMethod[] = [];
  if (state.totpConfirmedAt) methods.push('totp');
  if (state.totpConfirmedAt && state.recoveryCodesLeft > 0) methods.push('recovery-code');
  if (state.passkeyCount > 0) methods.push('passkey');
  return methods;
}

export interface TotpEnrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code carries. */
  uri: string;
  /** The URI as a QR code, an SVG document. */
  qrCodeSvg: string;
}

/**
 * Starts (or starts again) enrolling an authenticator app: a new secret, kept unconfirmed until `confirmTotp`.
 * Answers undefined when the account already has a confirmed one (remove it first).
 */
export async function startTotpEnrolment(
  db: DatabaseExecutor,
  { accountId, email }: { accountId: string; email: string },
): Promise<TotpEnrolment | undefined> {
  const secret = new Secret({ size: 20 }).base32;
  const [stored] = await db
    .insert(totpFactors)
    .values({ accountId, secret })
    .onConflictDoUpdate({
      target: totpFactors.accountId,
      set: { secret, createdAt: new Date(), lastUsedStep: null },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ accountId: totpFactors.accountId });
  if (!stored) return undefined;
  const uri = totpOf(secret, email).toString();
  return { secret, uri, qrCodeSvg: renderSVG(uri, { border: 2 }) };
}

/** The enrolment started and not yet confirmed, to show again (a wrong first code), or undefined. */
export async function totpEnrolmentOf(
  db: DatabaseExecutor,
  { accountId, email }: { accountId: string; email: string },
): Promise<TotpEnrolment | undefined> {
  const [factor] = await db
    .select({ secret: totpFactors.secret })
    .from(totpFactors)
    .where(and(eq(totpFactors.accountId, accountId), isNull(totpFactors.confirmedAt)));
  if (!factor) return undefined;
  const uri = totpOf(factor.secret, email).toString();
  return { secret: factor.secret, uri, qrCodeSvg: renderSVG(uri, { border: 2 }) };
}

/**
 * Accepts `code` for the secret if it is current and its time step is later than the last accepted one: one
 * conditional update, so two requests with the same code cannot both pass.
 */
async function acceptTotpCode(
  db: DatabaseExecutor,
  { accountId, code, confirmed }: { accountId: string; code: string; confirmed: boolean },
): Promise<boolean> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(
      and(
        eq(totpFactors.accountId, accountId),
        confirmed ? sql`${totpFactors.confirmedAt} is not null` : isNull(totpFactors.confirmedAt),
      ),
    );
  if (!factor) return false;
  const timestamp = Date.now();
  const delta = totpOf(factor.secret).validate({ token, timestamp, window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
  const accepted = await db
    .update(totpFactors)
    .set({ lastUsedStep: step, ...(confirmed ? {} : { confirmedAt: new Date() }) })
    .where(
      and(
        eq(totpFactors.accountId, accountId),
        eq(totpFactors.secret, factor.secret),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ accountId: totpFactors.accountId });
  return accepted.length === 1;
}

/**
 * Confirms the enrolment with the first code from the app; answers the new recovery codes (shown once), or
 * undefined when the code is wrong, used already, or there is no enrolment pending. Run it in a transaction (it
 * writes twice); it opens none itself, as a nested one would be a savepoint with a transaction id of its own.
 */
export async function confirmTotpEnrolment(
  db: DatabaseExecutor,
  { accountId, code }: { accountId: string; code: string },
): Promise<string[] | undefined> {
  if (!(await acceptTotpCode(db, { accountId, code, confirmed: false }))) return undefined;
  return replaceRecoveryCodes(db, accountId);
}

/** Checks a code of the account's confirmed authenticator app; a code is accepted once. */
export async function verifyTotpCode(
  db: DatabaseExecutor,
  { accountId, code }: { accountId: string; code: string },
): Promise<boolean> {
  return acceptTotpCode(db, { accountId, code, confirmed: true });
}

/** Removes the authenticator app and the recovery codes that go with it (in the caller's transaction); false when there was none. */
export async function removeTotp(db: DatabaseExecutor, accountId: string): Promise<boolean> {
  const removed = await db
    .delete(totpFactors)
    .where(eq(totpFactors.accountId, accountId))
    .returning({ confirmedAt: totpFactors.confirmedAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  return removed.some((row) => row.confirmedAt !== null);
}

/**
 * Removes every second factor of the account (an administrator's reset for a person who lost them): the app, its
 * recovery codes, every passkey and any passkey challenge handed out. Run it in the caller's transaction.
 */
export async function removeAllSecondFactors(
  db: DatabaseExecutor,
  accountId: string,
): Promise<{ totp: boolean; recoveryCodes: number; passkeys: number }> {
  const before = await secondFactorStateOf(db, accountId);
  await removeTotp(db, accountId);
  const removedPasskeys = await db
    .delete(passkeys)
    .where(eq(passkeys.accountId, accountId))
    .returning({ id: passkeys.id });
  await db.delete(passkeyChallenges).where(eq(passkeyChallenges.accountId, accountId));
  return {
    totp: before.totpConfirmedAt !== null,
    recoveryCodes: before.totpConfirmedAt ? before.recoveryCodesLeft : 0,
    passkeys: removedPasskeys.length,
  };
}

/** No 0/o, 1/l/i: codes are read from paper. 31 symbols, 12 of them: about 59 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 12;

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index += 1) {
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  }
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** A new set of recovery codes; the old set stops working. Only SHA-256 hashes are stored (the codes are random). */
export async function replaceRecoveryCodes(db: DatabaseExecutor, accountId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ accountId, codeHash: sha256(normaliseRecoveryCode(code)) })));
  return codes;
}

/** Spends one recovery code of the account; false when it is unknown or was used. */
export async function useRecoveryCode(
  db: DatabaseExecutor,
  { accountId, code }: { accountId: string; code: string },
): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== RECOVERY_CODE_LENGTH) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, sha256(normalised)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** The failure counter of an account's second step, in the password counter's table under a key of its own. */
const failureKeyOf = (accountId: string) => `second-factor:${sha256(accountId)}`;

/** Seconds to wait before the next second-factor attempt of the account, or 0. */
export async function secondFactorRetryAfterSeconds(db: DatabaseExecutor, accountId: string): Promise<number> {
  const windowStart = Date.now() - SECOND_FACTOR_FAILURE_WINDOW_MINUTES * 60_000;
  const [failures] = await db
    .select()
    .from(signInFailures)
    .where(eq(signInFailures.key, failureKeyOf(accountId)));
  if (!failures || failures.windowStartedAt.getTime() <= windowStart) return 0;
  if (failures.failures < MAX_FAILED_SECOND_FACTORS) return 0;
  return Math.max(1, Math.ceil((failures.windowStartedAt.getTime() - windowStart) / 1000));
}

export async function recordSecondFactorFailure(db: DatabaseExecutor, accountId: string): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - SECOND_FACTOR_FAILURE_WINDOW_MINUTES * 60_000).toISOString();
  await db
    .insert(signInFailures)
    .values({ key: failureKeyOf(accountId), failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.windowStartedAt} > ${windowStart}::timestamptz then ${signInFailures.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} > ${windowStart}::timestamptz then ${signInFailures.windowStartedAt} else ${now.toISOString()}::timestamptz end`,
      },
    });
}

export async function clearSecondFactorFailures(db: DatabaseExecutor, accountId: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, failureKeyOf(accountId)));
}
