import { randomBytes } from 'node:crypto';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventLogs } from '../db/schema/events.js';
import { passkeys } from '../db/schema/passkeys.js';
import { sessions } from '../db/schema/sessions.js';
import { Browser, portalSignInFromCallback, useListeningTestApp } from '../test/built-in-sign-in.js';
import { registerTestPasskey } from '../test/software-authenticator.js';
import { createIdentityAccount } from './identity-accounts.js';

const portal = useListeningTestApp();

const browser = () => new Browser(portal.baseUrl);

async function personWithPasskey() {
  const account = await createIdentityAccount(portal.testApp.database.db, {
    email: `passkey-${randomBytes(4).toString('hex')}@example.test`,
    password: 'a long passphrase here',
    firstName: 'Pass',
    lastName: 'Key',
  });
  const { authenticator } = await registerTestPasskey(portal.testApp.database.db, {
    publicUrl: portal.baseUrl,
    accountId: account.id,
  });
  return { account, authenticator };
}

describe('password-less sign-in with a passkey at the built-in provider', () => {
  it('offers the passkey button and signs in with a discoverable credential, recorded as hwk and mfa', async () => {
    const { account, authenticator } = await personWithPasskey();
    const client = browser();
    const signIn = await client.openSignIn();
    expect(signIn.page).toContain('Sign in with a passkey');
    expect(signIn.page).toContain('/idp/assets/passkey-sign-in.js');

    const optionsResponse = await client.request(`${signIn.signInUrl}/passkey/options`, { json: {} });
    expect(optionsResponse.status).toBe(200);
    const options = (await optionsResponse.json()) as PublicKeyCredentialRequestOptionsJSON;
    expect(options.rpId).toBe('127.0.0.1');

    const assertion = authenticator.authenticate(options);
    const finished = await client.request(`${signIn.signInUrl}/passkey`, { json: { response: assertion } });
    expect(finished.status).toBe(200);
    const { redirectTo } = (await finished.json()) as { redirectTo: string };
    const callback = await client.follow(redirectTo);
    expect(new URL(callback.url).pathname).toBe('/auth/callback');

    const { idToken } = await portalSignInFromCallback(portal.baseUrl, {
      callbackUrl: callback.url,
      verifier: signIn.verifier,
      nonce: signIn.nonce,
    });
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: account.id, amr: ['hwk', 'mfa'] });
    const [session] = await portal.testApp.database.db
      .select()
      .from(sessions)
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    expect(session!.authenticationMethods).toEqual(['hwk', 'mfa']);
  });

  it('refuses a replayed assertion and records a failed second factor', async () => {
    const { authenticator } = await personWithPasskey();
    const client = browser();
    const signIn = await client.openSignIn();
    const options = (await (
      await client.request(`${signIn.signInUrl}/passkey/options`, { json: {} })
    ).json()) as PublicKeyCredentialRequestOptionsJSON;
    const assertion = authenticator.authenticate(options);
    // Another tab of the same sign-in used this challenge first: the second answer is refused.
    expect((await client.request(`${signIn.signInUrl}/passkey`, { json: { response: assertion } })).status).toBe(200);

    const again = browser();
    const second = await again.openSignIn();
    const replayed = await again.request(`${second.signInUrl}/passkey`, { json: { response: assertion } });
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as { error: string }).error).toMatch(/expired/);
    const [event] = await portal.testApp.database.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.eventType, 'user.second-factor-failed'))
      .orderBy(desc(eventLogs.date))
      .limit(1);
    expect(event!.payload).toMatchObject({ method: 'passkey', step: 'sign-in', reason: 'challenge' });
  });

  it('refuses a credential this portal does not know, and answers 400 for an unknown interaction', async () => {
    const client = browser();
    const signIn = await client.openSignIn();
    const options = (await (
      await client.request(`${signIn.signInUrl}/passkey/options`, { json: {} })
    ).json()) as PublicKeyCredentialRequestOptionsJSON;
    const { authenticator: stranger } = await personWithPasskey();
    // The stranger's passkey belongs to an account of another portal: here it is unknown once removed.
    await portal.testApp.database.db
      .delete(passkeys)
      .where(eq(passkeys.credentialId, Buffer.from(stranger.credentials[0]!.id).toString('base64url')));
    const refused = await client.request(`${signIn.signInUrl}/passkey`, {
      json: { response: stranger.authenticate(options) },
    });
    expect(refused.status).toBe(401);
    expect((await client.request('/idp/interaction/not-a-real-one/passkey/options', { json: {} })).status).toBe(400);
  });
});
