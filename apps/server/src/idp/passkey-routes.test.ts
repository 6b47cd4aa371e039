import { createHash, randomBytes } from 'node:crypto';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs } from '../db/schema/events.js';
import { passkeys } from '../db/schema/passkeys.js';
import { sessions } from '../db/schema/sessions.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { findFreePort, portalSignInFromCallback } from '../test/built-in-sign-in.js';
import { registerTestPasskey } from '../test/software-authenticator.js';
import { createIdentityAccount } from './identity-accounts.js';

let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  testApp = await createTestApp({ PORT: String(port), PUBLIC_URL: baseUrl });
  await testApp.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await testApp.close();
});

/** A cookie-keeping client that also posts JSON, as the sign-in page's script does. */
function browser() {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: { json?: unknown } = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      method: init.json === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const value = pair.slice(separator + 1).trim();
      if (value) cookies.set(pair.slice(0, separator).trim(), value);
      else cookies.delete(pair.slice(0, separator).trim());
    }
    return response;
  };
  const follow = async (url: string) => {
    let current = new URL(url, baseUrl).href;
    let response = await request(current);
    while (response.status >= 300 && response.status < 400) {
      current = new URL(response.headers.get('location')!, current).href;
      if (new URL(current).pathname === '/auth/callback') break;
      response = await request(current);
    }
    return { response, url: current };
  };
  const openSignIn = async () => {
    const verifier = randomBytes(32).toString('base64url');
    const nonce = randomBytes(8).toString('hex');
    const url = new URL('/idp/auth', baseUrl);
    url.search = new URLSearchParams({
      client_id: 'dxp-portal',
      redirect_uri: `${baseUrl}/auth/callback`,
      response_type: 'code',
      scope: 'openid profile email',
      state: randomBytes(8).toString('hex'),
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const { response, url: signInUrl } = await follow(url.href);
    return { verifier, nonce, signInUrl, page: await response.text() };
  };
  return { request, follow, openSignIn };
}

async function personWithPasskey() {
  const account = await createIdentityAccount(testApp.database.db, {
    email: `passkey-${randomBytes(4).toString('hex')}@example.test`,
    password: 'a long passphrase here',
    firstName: 'Pass',
    lastName: 'Key',
  });
  const { authenticator } = await registerTestPasskey(testApp.database.db, {
    publicUrl: baseUrl,
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

    const { idToken } = await portalSignInFromCallback(baseUrl, {
      callbackUrl: callback.url,
      verifier: signIn.verifier,
      nonce: signIn.nonce,
    });
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: account.id, amr: ['hwk', 'mfa'] });
    const [session] = await testApp.database.db.select().from(sessions).orderBy(desc(sessions.createdAt)).limit(1);
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
    const [event] = await testApp.database.db
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
    await testApp.database.db
      .delete(passkeys)
      .where(eq(passkeys.credentialId, Buffer.from(stranger.credentials[0]!.id).toString('base64url')));
    const refused = await client.request(`${signIn.signInUrl}/passkey`, {
      json: { response: stranger.authenticate(options) },
    });
    expect(refused.status).toBe(401);
    expect((await client.request('/idp/interaction/not-a-real-one/passkey/options', { json: {} })).status).toBe(400);
  });
});
