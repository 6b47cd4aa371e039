import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { finishPasskeyRegistrationInputSchema, renamePasskeyInputSchema } from '@dxp/contracts/passkeys';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { Config } from '../../config.js';
import type { DatabaseExecutor } from '../../db/client.js';
import type { PasskeyRow } from '../../db/schema/passkeys.js';
import { AppError } from '../../errors.js';
import { findIdentityAccountById } from '../../idp/identity-accounts.js';
import {
  finishPasskeyRegistration,
  listPasskeys,
  MAX_PASSKEYS_PER_ACCOUNT,
  type RelyingParty,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
} from '../../idp/passkeys.js';
import { hasSecondFactor, lockSecondFactors, secondFactorStateOf } from '../../idp/second-factors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import {
  builtInPersonOf,
  isRequiredFor,
  ownBuiltInAccountOf,
  recordOwnSecondFactorChange,
} from '../second-factors/second-factors.service.js';

interface PasskeyCaller {
  actor: Actor;
  /** The built-in provider's issuer; undefined with an external provider, which keeps its own factors. */
  builtInIssuer: string | undefined;
}

const serviceKeyRefusal = 'Service keys cannot manage passkeys.';

/**
 * Passkeys sign in at the built-in provider, so they belong to its account of the caller. A service key may not
 * manage them (it is no proof of the person), and with an external provider there is no such account.
 */
const accountOf = (db: DatabaseExecutor, caller: PasskeyCaller) =>
  ownBuiltInAccountOf(db, caller, {
    serviceKey: serviceKeyRefusal,
    elsewhere: 'Passkeys are kept by the identity provider this account signs in with; add them there.',
  });

const passkeyNotFound = () => new AppError('NOT_FOUND', 'Passkey not found.');

/** `myPasskeys`: the caller's passkeys, oldest first; none with an external provider. */
export async function listMyPasskeys(db: DatabaseExecutor, caller: PasskeyCaller): Promise<PasskeyRow[]> {
  const person = builtInPersonOf(caller, serviceKeyRefusal);
  if (!person) return [];
  const account = await findIdentityAccountById(db, person.user.identitySubject);
  return account ? listPasskeys(db, account.id) : [];
}

/** `startPasskeyRegistration`: options for the browser's navigator.credentials.create(), as JSON text. */
export async function startMyPasskeyRegistration(
  db: DatabaseExecutor,
  caller: PasskeyCaller & { relyingParty: RelyingParty },
): Promise<string> {
  const { account, person } = await accountOf(db, caller);
  if ((await listPasskeys(db, account.id)).length >= MAX_PASSKEYS_PER_ACCOUNT) {
    throw new AppError('INVALID_REQUEST', `You have ${MAX_PASSKEYS_PER_ACCOUNT} passkeys; remove one to add another.`);
  }
  return db.transaction(async (transaction) => {
    const options = await startPasskeyRegistration(transaction, { relyingParty: caller.relyingParty, account });
    await recordEvent(transaction, {
      eventType: 'user.passkey-registration-started',
      actor: person,
      payload: { userId: person.user.id },
    });
    return JSON.stringify(options);
  });
}

/**
 * `finishPasskeyRegistration`: checks the browser's answer and stores the passkey under its name. Adding a factor
 * ends the person's other sessions (a browser that was not theirs is out), records the event and tells the person.
 */
export async function finishMyPasskeyRegistration(
  db: DatabaseExecutor,
  caller: PasskeyCaller & { relyingParty: RelyingParty; input: { name: string; response: string } },
): Promise<PasskeyRow> {
  const input = finishPasskeyRegistrationInputSchema.parse(caller.input);
  const { account, person } = await accountOf(db, caller);
  let response: RegistrationResponseJSON;
  try {
    response = JSON.parse(input.response) as RegistrationResponseJSON;
  } catch {
    throw new AppError('INVALID_REQUEST', 'The passkey answer is not valid.');
  }
  return db.transaction(async (transaction) => {
    const result = await finishPasskeyRegistration(transaction, {
      relyingParty: caller.relyingParty,
      accountId: account.id,
      name: input.name,
      response,
    });
    if (result.outcome === 'refused') {
      throw new AppError(
        'INVALID_REQUEST',
        result.reason === 'challenge'
          ? 'This passkey request has expired or was already used. Try again.'
          : result.reason === 'duplicate'
            ? 'This passkey is already registered.'
            : result.reason === 'too-many'
              ? `You have ${MAX_PASSKEYS_PER_ACCOUNT} passkeys; remove one to add another.`
              : 'The passkey could not be verified. Try again.',
      );
    }
    const { passkey } = result;
    await recordOwnSecondFactorChange(transaction, person, {
      eventType: 'user.passkey-added',
      payload: { passkeyId: passkey.id, name: passkey.name },
      message: `A passkey named “${passkey.name}” was added to your account. Your other sessions were signed out. If this was not you, remove it and change your password.`,
    });
    return passkey;
  });
}

/** `renamePasskey`: a new name for one of the caller's passkeys. */
export async function renameMyPasskey(
  db: DatabaseExecutor,
  caller: PasskeyCaller & { input: { id: string; name: string } },
): Promise<PasskeyRow> {
  if (!z.uuid().safeParse(caller.input.id).success) throw passkeyNotFound();
  const input = renamePasskeyInputSchema.parse(caller.input);
  const { account, person } = await accountOf(db, caller);
  return db.transaction(async (transaction) => {
    const renamed = await renamePasskey(transaction, { accountId: account.id, passkeyId: input.id, name: input.name });
    if (!renamed) throw passkeyNotFound();
    await recordEvent(transaction, {
      eventType: 'user.passkey-renamed',
      actor: person,
      payload: { userId: person.user.id, passkeyId: renamed.id, name: renamed.name },
    });
    return renamed;
  });
}

/**
 * `removePasskey`: removes one of the caller's passkeys; like adding one, it ends the other sessions. While
 * MFA_POLICY asks this person for a second factor, their last one (no authenticator app, no other passkey) stays.
 */
export async function removeMyPasskey(
  db: DatabaseExecutor,
  caller: PasskeyCaller & { passkeyId: string; mfaPolicy: Config['mfaPolicy'] },
): Promise<PasskeyRow> {
  if (!z.uuid().safeParse(caller.passkeyId).success) throw passkeyNotFound();
  const { account, person } = await accountOf(db, caller);
  const isRequired = isRequiredFor(person, caller.mfaPolicy);
  return db.transaction(async (transaction) => {
    if (isRequired) await lockSecondFactors(transaction, account.id);
    const removed = await removePasskey(transaction, { accountId: account.id, passkeyId: caller.passkeyId });
    if (!removed) throw passkeyNotFound();
    // Checked after the delete, under the account's lock: two removals at once cannot both leave nothing.
    if (isRequired && !hasSecondFactor(await secondFactorStateOf(transaction, account.id))) {
      throw new AppError(
        'INVALID_REQUEST',
        'This portal requires two-factor authentication for your account, so your last passkey cannot be removed. Set up an authenticator app first.',
      );
    }
    await recordOwnSecondFactorChange(transaction, person, {
      eventType: 'user.passkey-removed',
      payload: { passkeyId: removed.id, name: removed.name },
      message: `The passkey named “${removed.name}” was removed from your account. Your other sessions were signed out.`,
    });
    return removed;
  });
}
