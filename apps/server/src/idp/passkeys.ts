import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DatabaseExecutor } from '../db/client.js';
import { type PasskeyRow, passkeyChallenges, passkeys } from '../db/schema/passkeys.js';

/** How long a browser has to answer a passkey ceremony. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** A person's passkeys are few; the cap keeps a script from filling the table. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

/** The relying party: the portal's host name and origin, from PUBLIC_URL (docs/decisions/0125-passkeys.md). */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/**
 * What every answer of a browser must show: our challenge, made for our origin and relying party, with the person
 * verified (a PIN or biometric), so a passkey stands for both factors.
 */
const expectedOf = (relyingParty: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: relyingParty.origin,
  expectedRPID: relyingParty.id,
  requireUserVerification: true,
});

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: 'DXP Portal', origin: url.origin };
}

/**
 * SimpleWebAuthn, loaded at the first passkey ceremony rather than at start: loading it cost about 150 ms of CPU and
 * 7 MB of heap before `/api/ready`, for what most processes never run (docs/performance.md).
 */
const webAuthn = () => import('@simplewebauthn/server');
const webAuthnHelpers = () => import('@simplewebauthn/server/helpers');

/** The WebAuthn user handle of an account: its id, so a discoverable credential names its account. */
const userHandleOf = async (accountId: string) => (await webAuthnHelpers()).isoUint8Array.fromUTF8String(accountId);

/**
 * What a challenge is for: a registration of the signed-in person; a password-less sign-in, which knows only its
 * interaction; or the second step after a password, bound to both the interaction and the account it is for.
 */
type AuthenticationBinding = { interactionUid: string; accountId?: string } | { accountId: string };
type ChallengeBinding =
  | { purpose: 'registration'; accountId: string }
  | ({ purpose: 'authentication' } & AuthenticationBinding);

const boundAccountOf = (binding: ChallengeBinding) => binding.accountId;
const boundInteractionOf = (binding: ChallengeBinding) =>
  'interactionUid' in binding ? binding.interactionUid : undefined;

async function storeChallenge(db: DatabaseExecutor, challenge: string, binding: ChallengeBinding): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose: binding.purpose,
    accountId: boundAccountOf(binding) ?? null,
    interactionUid: boundInteractionOf(binding) ?? null,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
  });
}

/**
 * Uses up the challenge the browser signed (read from its client data), if this server handed it out for the
 * same purpose and person or interaction and it has not expired: each challenge answers one ceremony only.
 */
async function consumeChallenge(
  db: DatabaseExecutor,
  clientDataJSON: string,
  binding: ChallengeBinding,
): Promise<string | undefined> {
  const { isoBase64URL } = await webAuthnHelpers();
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    return undefined;
  }
  if (typeof challenge !== 'string' || challenge.length > 256) return undefined;
  const [used] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, binding.purpose),
        // Both columns must match exactly: a challenge of the password-less sign-in (no account) does not answer
        // the second step of the same interaction, nor one of the account page (no interaction) either.
        boundAccountOf(binding) === undefined
          ? isNull(passkeyChallenges.accountId)
          : eq(passkeyChallenges.accountId, boundAccountOf(binding)!),
        boundInteractionOf(binding) === undefined
          ? isNull(passkeyChallenges.interactionUid)
          : eq(passkeyChallenges.interactionUid, boundInteractionOf(binding)!),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return used?.challenge;
}

export async function listPasskeys(db: DatabaseExecutor, accountId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.accountId, accountId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (a passkey, so it can sign in without an
 * email address) with user verification, none of the account's existing ones again.
 */
export async function startPasskeyRegistration(
  db: DatabaseExecutor,
  {
    relyingParty,
    account,
  }: { relyingParty: RelyingParty; account: { id: string; email: string; firstName: string; lastName: string } },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, account.id);
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    userID: await userHandleOf(account.id),
    userName: account.email,
    userDisplayName: `${account.firstName} ${account.lastName}`.trim() || account.email,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports ?? undefined,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, { purpose: 'registration', accountId: account.id });
  return options;
}

export type PasskeyRegistrationResult =
  | { outcome: 'registered'; passkey: PasskeyRow }
  | { outcome: 'refused'; reason: 'challenge' | 'invalid' | 'duplicate' | 'too-many' };

/** Checks the browser's answer to startPasskeyRegistration and stores the new passkey under `name`. */
export async function finishPasskeyRegistration(
  db: DatabaseExecutor,
  {
    relyingParty,
    accountId,
    name,
    response,
  }: { relyingParty: RelyingParty; accountId: string; name: string; response: RegistrationResponseJSON },
): Promise<PasskeyRegistrationResult> {
  const clientDataJSON = response?.response?.clientDataJSON;
  if (typeof clientDataJSON !== 'string') return { outcome: 'refused', reason: 'invalid' };
  const challenge = await consumeChallenge(db, clientDataJSON, { purpose: 'registration', accountId });
  if (!challenge) return { outcome: 'refused', reason: 'challenge' };
  const { verifyRegistrationResponse: verifyRegistration } = await webAuthn();
  const { isoBase64URL } = await webAuthnHelpers();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistration({
      response,
      ...expectedOf(relyingParty, challenge),
    });
  } catch {
    return { outcome: 'refused', reason: 'invalid' };
  }
  if (!verification.verified) return { outcome: 'refused', reason: 'invalid' };
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  if ((await listPasskeys(db, accountId)).length >= MAX_PASSKEYS_PER_ACCOUNT) {
    return { outcome: 'refused', reason: 'too-many' };
  }
  const [created] = await db
    .insert(passkeys)
    .values({
      accountId,
      name,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? null,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return created ? { outcome: 'registered', passkey: created } : { outcome: 'refused', reason: 'duplicate' };
}

/**
 * Options for navigator.credentials.get(). For a password-less sign-in (`interactionUid` alone) no credentials are
 * listed: the authenticator offers its discoverable ones. For the second factor of a known account (`accountId`,
 * with the sign-in's `interactionUid` at the provider's second step) its passkeys are listed.
 */
export async function startPasskeyAuthentication(
  db: DatabaseExecutor,
  { relyingParty, ...binding }: { relyingParty: RelyingParty } & AuthenticationBinding,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials =
    binding.accountId !== undefined
      ? (await listPasskeys(db, binding.accountId)).map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports ?? undefined,
        }))
      : undefined;
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty.id,
    userVerification: 'required',
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await storeChallenge(db, options.challenge, { purpose: 'authentication', ...binding });
  return options;
}

export type PasskeyAuthenticationResult =
  | { outcome: 'authenticated'; passkey: PasskeyRow }
  | {
      outcome: 'refused';
      reason: 'challenge' | 'unknown-credential' | 'other-account' | 'invalid' | 'counter';
      /** The account the presented credential belongs to, when it is one of ours. */
      accountId?: string | undefined;
    };

/**
 * Checks an assertion: the challenge this server handed out for the same interaction or account (once), a
 * credential stored here (and of `accountId`, when given), the signature with its public key, user verification,
 * and a signature counter that moved forward (SimpleWebAuthn refuses one that did not; a counter of 0 means the
 * authenticator does not count). The counter and last use are updated only if no other assertion got there first.
 */
export async function finishPasskeyAuthentication(
  db: DatabaseExecutor,
  {
    relyingParty,
    response,
    ...binding
  }: { relyingParty: RelyingParty; response: AuthenticationResponseJSON } & AuthenticationBinding,
): Promise<PasskeyAuthenticationResult> {
  const clientDataJSON = response?.response?.clientDataJSON;
  if (typeof clientDataJSON !== 'string' || typeof response.id !== 'string') {
    return { outcome: 'refused', reason: 'invalid' };
  }
  const challenge = await consumeChallenge(db, clientDataJSON, { purpose: 'authentication', ...binding });
  if (!challenge) return { outcome: 'refused', reason: 'challenge' };
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!passkey) return { outcome: 'refused', reason: 'unknown-credential' };
  const refused = (reason: 'other-account' | 'invalid' | 'counter') =>
    ({ outcome: 'refused', reason, accountId: passkey.accountId }) as const;
  if (binding.accountId !== undefined && passkey.accountId !== binding.accountId) return refused('other-account');
  const { verifyAuthenticationResponse: verifyAuthentication } = await webAuthn();
  const { isoBase64URL } = await webAuthnHelpers();
  const userHandle = response.response.userHandle;
  if (userHandle && userHandle !== isoBase64URL.fromBuffer(await userHandleOf(passkey.accountId))) {
    return refused('other-account');
  }
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthentication({
      response,
      ...expectedOf(relyingParty, challenge),
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.signCount,
        transports: passkey.transports ?? undefined,
      },
    });
  } catch (error) {
    return refused(error instanceof Error && /counter/i.test(error.message) ? 'counter' : 'invalid');
  }
  if (!verification.verified) return refused('invalid');
  const [updated] = await db
    .update(passkeys)
    .set({
      signCount: verification.authenticationInfo.newCounter,
      backedUp: verification.authenticationInfo.credentialBackedUp,
      lastUsedAt: new Date(),
    })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.signCount, passkey.signCount)))
    .returning();
  if (!updated) return refused('counter');
  return { outcome: 'authenticated', passkey: updated };
}

/** Renames one of the account's passkeys; undefined when it is not theirs. */
export async function renamePasskey(
  db: DatabaseExecutor,
  { accountId, passkeyId, name }: { accountId: string; passkeyId: string; name: string },
): Promise<PasskeyRow | undefined> {
  const [renamed] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.accountId, accountId)))
    .returning();
  return renamed;
}

/** Removes one of the account's passkeys; undefined when it is not theirs. */
export async function removePasskey(
  db: DatabaseExecutor,
  { accountId, passkeyId }: { accountId: string; passkeyId: string },
): Promise<PasskeyRow | undefined> {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.accountId, accountId)))
    .returning();
  return removed;
}

/** True when the account has a passkey (it may then sign in with it, or use it as its second factor). */
export async function hasPasskey(db: DatabaseExecutor, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.accountId, accountId)).limit(1);
  return row !== undefined;
}
