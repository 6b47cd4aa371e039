import { eq } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys } from '../db/schema/passkeys.js';
import { insertTestIdentityAccount } from '../test/identity-accounts.js';
import { useTestDatabase } from '../test/use-test-database.js';
import { SoftwareAuthenticator } from '../test/software-authenticator.js';
import {
  finishPasskeyAuthentication,
  finishPasskeyRegistration,
  listPasskeys,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  startPasskeyAuthentication,
  startPasskeyRegistration,
} from './passkeys.js';

const relyingParty = relyingPartyOf('https://portal.example.test');
const database = useTestDatabase();
const newAccount = (email: string) =>
  insertTestIdentityAccount(database.db, { email, firstName: 'Pat', lastName: 'Key' });

/** Finishes a passkey sign-in for the interaction or account that `step` names. */
const finish = (step: { interactionUid: string } | { accountId: string }, response: AuthenticationResponseJSON) =>
  finishPasskeyAuthentication(database.db, { relyingParty, ...step, response });

/** An account with one registered passkey on a software authenticator. */
async function accountWithPasskey(email: string) {
  const account = await newAccount(email);
  const authenticator = new SoftwareAuthenticator(relyingParty.origin);
  const options = await startPasskeyRegistration(database.db, { relyingParty, account });
  const result = await finishPasskeyRegistration(database.db, {
    relyingParty,
    accountId: account.id,
    name: 'Laptop',
    response: authenticator.register(options),
  });
  if (result.outcome !== 'registered') throw new Error(`registration refused: ${result.reason}`);
  return { account, authenticator, passkey: result.passkey };
}

describe('passkey registration', () => {
  it('asks for a discoverable, user-verified credential for the portal host and stores its public key', async () => {
    const account = await newAccount('reg@example.test');
    const options = await startPasskeyRegistration(database.db, { relyingParty, account });
    expect(options.rp).toEqual({ id: 'portal.example.test', name: 'DXP Portal' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.user.name).toBe('reg@example.test');

    const authenticator = new SoftwareAuthenticator(relyingParty.origin);
    const response = authenticator.register(options);
    const result = await finishPasskeyRegistration(database.db, {
      relyingParty,
      accountId: account.id,
      name: 'Work laptop',
      response,
    });
    expect(result).toMatchObject({
      outcome: 'registered',
      passkey: { name: 'Work laptop', credentialId: response.id },
    });
    // Used up: the same answer again is refused.
    expect(
      await finishPasskeyRegistration(database.db, { relyingParty, accountId: account.id, name: 'Again', response }),
    ).toEqual({ outcome: 'refused', reason: 'challenge' });

    // A second passkey: the first is excluded from the options, both are listed.
    const second = await startPasskeyRegistration(database.db, { relyingParty, account });
    expect(second.excludeCredentials?.map((credential) => credential.id)).toEqual([response.id]);
    await finishPasskeyRegistration(database.db, {
      relyingParty,
      accountId: account.id,
      name: 'Phone',
      response: new SoftwareAuthenticator(relyingParty.origin).register(second),
    });
    expect((await listPasskeys(database.db, account.id)).map((passkey) => passkey.name)).toEqual([
      'Work laptop',
      'Phone',
    ]);
  });

  it("refuses an answer for another origin, another person's challenge and an expired challenge", async () => {
    const registerAs = (accountId: string, response: RegistrationResponseJSON) =>
      finishPasskeyRegistration(database.db, { relyingParty, accountId, name: 'x', response });
    const account = await newAccount('reg-refused@example.test');
    const other = await newAccount('reg-other@example.test');

    const options = await startPasskeyRegistration(database.db, { relyingParty, account });
    const elsewhere = new SoftwareAuthenticator('https://evil.example.test').register(options);
    expect(await registerAs(account.id, elsewhere)).toEqual({ outcome: 'refused', reason: 'invalid' });

    const othersOptions = await startPasskeyRegistration(database.db, { relyingParty, account: other });
    const forOther = new SoftwareAuthenticator(relyingParty.origin).register(othersOptions);
    expect(await registerAs(account.id, forOther)).toEqual({ outcome: 'refused', reason: 'challenge' });

    const late = await startPasskeyRegistration(database.db, { relyingParty, account });
    await database.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, late.challenge));
    expect(await registerAs(account.id, new SoftwareAuthenticator(relyingParty.origin).register(late))).toEqual({
      outcome: 'refused',
      reason: 'challenge',
    });
    expect(await listPasskeys(database.db, account.id)).toEqual([]);
  });
});

describe('passkey authentication', () => {
  it('signs in password-less with a discoverable credential, once per challenge, and records the use', async () => {
    const { account, authenticator, passkey } = await accountWithPasskey('signin@example.test');
    const options = await startPasskeyAuthentication(database.db, { relyingParty, interactionUid: 'interaction-1' });
    expect(options.allowCredentials).toBeUndefined();
    expect(options.userVerification).toBe('required');
    const response = authenticator.authenticate(options);
    const result = await finish({ interactionUid: 'interaction-1' }, response);
    expect(result).toMatchObject({ outcome: 'authenticated', passkey: { id: passkey.id, accountId: account.id } });
    if (result.outcome === 'authenticated') {
      expect(result.passkey.signCount).toBe(1);
      expect(result.passkey.lastUsedAt).toBeInstanceOf(Date);
    }
    // The same assertion again (a replay) finds its challenge used up.
    expect(await finish({ interactionUid: 'interaction-1' }, response)).toMatchObject({
      outcome: 'refused',
      reason: 'challenge',
    });
  });

  it('refuses a challenge of another interaction, and a counter that did not move forward', async () => {
    const { account, authenticator } = await accountWithPasskey('counter@example.test');
    const options = await startPasskeyAuthentication(database.db, { relyingParty, interactionUid: 'interaction-a' });
    expect(await finish({ interactionUid: 'interaction-b' }, authenticator.authenticate(options))).toMatchObject({
      outcome: 'refused',
      reason: 'challenge',
    });

    const first = await startPasskeyAuthentication(database.db, { relyingParty, accountId: account.id });
    expect(await finish({ accountId: account.id }, authenticator.authenticate(first, { counter: 5 }))).toMatchObject({
      outcome: 'authenticated',
    });
    // A cloned authenticator answers with a counter the server has seen already.
    const second = await startPasskeyAuthentication(database.db, { relyingParty, accountId: account.id });
    expect(await finish({ accountId: account.id }, authenticator.authenticate(second, { counter: 5 }))).toMatchObject({
      outcome: 'refused',
      reason: 'counter',
      accountId: account.id,
    });
  });

  it("refuses another person's credential as the second factor, and a credential not stored here", async () => {
    const alice = await accountWithPasskey('alice-pk@example.test');
    const bob = await accountWithPasskey('bob-pk@example.test');
    const options = await startPasskeyAuthentication(database.db, { relyingParty, accountId: alice.account.id });
    // Bob's authenticator answers Alice's second-factor challenge with Bob's passkey.
    const response = bob.authenticator.authenticate(options, { credential: bob.authenticator.credentials[0]! });
    expect(await finish({ accountId: alice.account.id }, response)).toMatchObject({
      outcome: 'refused',
      reason: 'other-account',
    });

    const stranger = new SoftwareAuthenticator(relyingParty.origin);
    stranger.register(await startPasskeyRegistration(database.db, { relyingParty, account: alice.account }));
    const signIn = await startPasskeyAuthentication(database.db, { relyingParty, interactionUid: 'interaction-x' });
    expect(await finish({ interactionUid: 'interaction-x' }, stranger.authenticate(signIn))).toMatchObject({
      outcome: 'refused',
      reason: 'unknown-credential',
    });
  });

  it('refuses a signature made with another key', async () => {
    const { authenticator } = await accountWithPasskey('forged@example.test');
    const forger = await accountWithPasskey('forger@example.test');
    const options = await startPasskeyAuthentication(database.db, { relyingParty, interactionUid: 'interaction-f' });
    // The forger signs with their own key but claims the victim's credential id and user handle.
    const victim = authenticator.credentials[0]!;
    const forged = forger.authenticator.authenticate(options, {
      credential: { ...forger.authenticator.credentials[0]!, id: victim.id, userHandle: victim.userHandle },
    });
    expect(await finish({ interactionUid: 'interaction-f' }, forged)).toMatchObject({
      outcome: 'refused',
      reason: 'invalid',
    });
  });
});

describe('managing passkeys', () => {
  it('renames and removes only the owner’s passkeys', async () => {
    const { account, passkey } = await accountWithPasskey('manage@example.test');
    const other = await newAccount('manage-other@example.test');
    expect(await renamePasskey(database.db, { accountId: other.id, passkeyId: passkey.id, name: 'Mine' })).toBe(
      undefined,
    );
    expect(await removePasskey(database.db, { accountId: other.id, passkeyId: passkey.id })).toBe(undefined);
    expect(
      await renamePasskey(database.db, { accountId: account.id, passkeyId: passkey.id, name: 'Desk' }),
    ).toMatchObject({ name: 'Desk' });
    expect(await removePasskey(database.db, { accountId: account.id, passkeyId: passkey.id })).toMatchObject({
      id: passkey.id,
    });
    expect(await database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id))).toEqual([]);
  });
});
