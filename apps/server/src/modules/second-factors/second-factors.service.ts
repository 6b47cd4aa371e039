import { confirmTotpInputSchema, removeTotpInputSchema } from '@dxp/contracts/second-factors';
import type { Actor } from '../../auth/actor.js';
import { endOtherSessionsInTransaction } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { findIdentityAccountById } from '../../idp/identity-accounts.js';
import { verifyPassword } from '../../idp/passwords.js';
import {
  confirmTotpEnrolment,
  lockSecondFactors,
  removeTotp,
  replaceRecoveryCodes,
  secondFactorStateOf,
  startTotpEnrolment,
  type TotpEnrolment,
  verifyTotpCode,
} from '../../idp/second-factors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { createNotification } from '../notifications/notifications.service.js';

export interface SecondFactorCaller {
  actor: Actor;
  /** The built-in provider's issuer; undefined with an external provider, which keeps its own factors. */
  builtInIssuer: string | undefined;
  mfaPolicy: Config['mfaPolicy'];
}

export interface SecondFactorStatus {
  /** False with an external provider: the portal relies on its factors. */
  managedHere: boolean;
  totpEnabledAt: Date | null;
  recoveryCodesLeft: number;
  /** True when MFA_POLICY asks this person for a second factor and they have no passkey, so the app must stay. */
  required: boolean;
}

const serviceKeyRefusal = 'Service keys cannot manage second factors.';

export const isRequiredFor = (actor: Extract<Actor, { kind: 'user' }>, policy: Config['mfaPolicy']) =>
  policy === 'required' || (policy === 'required-for-admins' && actor.user.isSystemAdmin);

/**
 * The caller when they sign in at the built-in provider, whose account keeps their second factors (passkeys
 * included); `null` when an external provider keeps them. A service key is no proof of the person: it is refused
 * with `serviceKeyMessage`.
 */
export function builtInPersonOf(
  caller: { actor: Actor; builtInIssuer: string | undefined },
  serviceKeyMessage: string,
): Extract<Actor, { kind: 'user' }> | null {
  const { actor, builtInIssuer } = caller;
  if (actor.kind !== 'user') throw new AppError('AUTH_NOT_AUTHORIZED', serviceKeyMessage);
  return builtInIssuer && actor.user.identityIssuer === builtInIssuer ? actor : null;
}

/**
 * The caller's own account at the built-in provider, for a change of their second factors (never another
 * person's); `refusals.elsewhere` refuses a person of an external provider.
 */
export async function ownBuiltInAccountOf(
  db: DatabaseExecutor,
  caller: { actor: Actor; builtInIssuer: string | undefined },
  refusals: { serviceKey: string; elsewhere: string },
) {
  const person = builtInPersonOf(caller, refusals.serviceKey);
  if (!person) throw new AppError('INVALID_REQUEST', refusals.elsewhere);
  const account = await findIdentityAccountById(db, person.user.identitySubject);
  if (!account) throw new AppError('NOT_FOUND', 'The sign-in account was not found.');
  return { account, person };
}

/**
 * A person added or removed one of their own second factors: their other sessions end (a browser that was not
 * theirs is out), the change is recorded with their user id and they are told in an AccountSecurity notification.
 */
export async function recordOwnSecondFactorChange(
  transaction: DatabaseExecutor,
  person: Extract<Actor, { kind: 'user' }>,
  change: { eventType: string; payload: Record<string, unknown>; message: string },
): Promise<void> {
  await endOtherSessionsInTransaction(transaction, { userId: person.user.id, exceptSessionId: person.sessionId });
  await recordEvent(transaction, {
    eventType: change.eventType,
    actor: person,
    payload: { userId: person.user.id, ...change.payload },
  });
  await createNotification(transaction, { userId: person.user.id, type: 'AccountSecurity', message: change.message });
}

/** The caller's built-in provider account: second factors are kept there, never for another person. */
const accountOf = (db: DatabaseExecutor, caller: SecondFactorCaller) =>
  ownBuiltInAccountOf(db, caller, {
    serviceKey: serviceKeyRefusal,
    elsewhere:
      'Two-factor authentication is kept by the identity provider this account signs in with; set it up there.',
  });

/** `mySecondFactors`. */
export async function mySecondFactorStatus(
  db: DatabaseExecutor,
  caller: SecondFactorCaller,
): Promise<SecondFactorStatus> {
  const actor = builtInPersonOf(caller, serviceKeyRefusal);
  if (!actor) return { managedHere: false, totpEnabledAt: null, recoveryCodesLeft: 0, required: false };
  const state = await secondFactorStateOf(db, actor.user.identitySubject);
  return {
    managedHere: true,
    totpEnabledAt: state.totpConfirmedAt,
    recoveryCodesLeft: state.totpConfirmedAt ? state.recoveryCodesLeft : 0,
    // A passkey keeps the person enrolled, so the app is then theirs to turn off.
    required: isRequiredFor(actor, caller.mfaPolicy) && state.passkeyCount === 0,
  };
}

/** `startTotpEnrolment`: a new secret, its URI and QR code; shown until confirmed, never after. */
export async function startMyTotpEnrolment(db: DatabaseExecutor, caller: SecondFactorCaller): Promise<TotpEnrolment> {
  const { account, person } = await accountOf(db, caller);
  return db.transaction(async (transaction) => {
    const enrolment = await startTotpEnrolment(transaction, { accountId: account.id, email: account.email });
    if (!enrolment) {
      throw new AppError(
        'INVALID_REQUEST',
        'An authenticator app is already set up. Remove it first to set up another one.',
      );
    }
    await recordEvent(transaction, {
      eventType: 'user.totp-enrolment-started',
      actor: person,
      payload: { userId: person.user.id },
    });
    return enrolment;
  });
}

const wrongCode = (message: string) => new AppError('INVALID_REQUEST', message, { fields: { code: [message] } });

/**
 * `confirmTotpEnrolment`: the first code turns the factor on and answers ten recovery codes (shown once). Like
 * every factor change it ends the person's other sessions, records the event and notifies them.
 */
export async function confirmMyTotpEnrolment(
  db: DatabaseExecutor,
  caller: SecondFactorCaller & { input: { code: string } },
): Promise<string[]> {
  const { code } = confirmTotpInputSchema.parse(caller.input);
  const { account, person } = await accountOf(db, caller);
  return db.transaction(async (transaction) => {
    const codes = await confirmTotpEnrolment(transaction, { accountId: account.id, code });
    if (!codes) {
      throw wrongCode('The code is incorrect. Enter the 6-digit code your authenticator app shows now.');
    }
    await recordOwnSecondFactorChange(transaction, person, {
      eventType: 'user.second-factor-added',
      payload: { method: 'totp' },
      message:
        'Two-factor authentication with an authenticator app was turned on for your account. Your other sessions were signed out. If this was not you, change your password.',
    });
    return codes;
  });
}

/**
 * `removeTotp`: needs the current password or a current code, so a browser left signed in cannot turn the
 * factor off; refused while MFA_POLICY asks this person for a factor and they have no passkey. Ends the other
 * sessions and notifies.
 */
export async function removeMyTotp(
  db: DatabaseExecutor,
  caller: SecondFactorCaller & { input: { password?: string | null; code?: string | null } },
): Promise<SecondFactorStatus> {
  const input = removeTotpInputSchema.parse({
    password: caller.input.password ?? undefined,
    code: caller.input.code ?? undefined,
  });
  const { account, person } = await accountOf(db, caller);
  const state = await secondFactorStateOf(db, account.id);
  if (!state.totpConfirmedAt) throw new AppError('NOT_FOUND', 'No authenticator app is set up.');
  // A passkey passes the second step too, so the policy still holds without the app.
  if (isRequiredFor(person, caller.mfaPolicy) && state.passkeyCount === 0) {
    throw new AppError(
      'INVALID_REQUEST',
      'This portal requires two-factor authentication for your account, so it cannot be turned off.',
    );
  }
  const proven =
    (input.password !== undefined && account.passwordHash
      ? await verifyPassword(input.password, account.passwordHash)
      : false) ||
    (input.code !== undefined ? await verifyTotpCode(db, { accountId: account.id, code: input.code }) : false) ||
    // One field in the form takes either: a six-digit entry may be a code.
    (input.password !== undefined && /^\s*\d{6}\s*$/.test(input.password)
      ? await verifyTotpCode(db, { accountId: account.id, code: input.password })
      : false);
  if (!proven) {
    await recordEvent(db, {
      eventType: 'user.second-factor-failed',
      actor: person,
      payload: { userId: person.user.id, method: 'totp', step: 'remove' },
    });
    const message = 'The password or code is incorrect.';
    throw new AppError('INVALID_REQUEST', message, { fields: { password: [message] } });
  }
  return db.transaction(async (transaction) => {
    if (isRequiredFor(person, caller.mfaPolicy)) {
      // Under the account's lock, so a passkey removed meanwhile is seen (the check above read without it).
      await lockSecondFactors(transaction, account.id);
      if ((await secondFactorStateOf(transaction, account.id)).passkeyCount === 0) {
        throw new AppError(
          'INVALID_REQUEST',
          'This portal requires two-factor authentication for your account, so it cannot be turned off.',
        );
      }
    }
    await removeTotp(transaction, account.id);
    await recordOwnSecondFactorChange(transaction, person, {
      eventType: 'user.second-factor-removed',
      payload: { method: 'totp' },
      message:
        'Two-factor authentication with an authenticator app was turned off for your account. Your other sessions were signed out. If this was not you, change your password.',
    });
    return { managedHere: true, totpEnabledAt: null, recoveryCodesLeft: 0, required: false };
  });
}

/** `regenerateRecoveryCodes`: a new set of ten; the old codes stop working. */
export async function regenerateMyRecoveryCodes(db: DatabaseExecutor, caller: SecondFactorCaller): Promise<string[]> {
  const { account, person } = await accountOf(db, caller);
  return db.transaction(async (transaction) => {
    const state = await secondFactorStateOf(transaction, account.id);
    if (!state.totpConfirmedAt) {
      throw new AppError('INVALID_REQUEST', 'Set up an authenticator app first: recovery codes go with it.');
    }
    const codes = await replaceRecoveryCodes(transaction, account.id);
    await recordEvent(transaction, {
      eventType: 'user.recovery-codes-regenerated',
      actor: person,
      payload: { userId: person.user.id },
    });
    return codes;
  });
}
