import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../db/schema/sessions.js';
import { users } from '../db/schema/users.js';
import { termsOfService } from '../modules/users/terms-of-service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { errorCodeOf, graphqlRequest } from '../test/graphql.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../test/identity-provider.js';
import { endSessionsOfIdentity, SESSION_LAST_SEEN_INTERVAL_MS } from './sessions.js';

let provider: TestIdentityProvider;
let testApp: TestApp;

beforeAll(async () => {
  provider = await startTestIdentityProvider({ clientId: 'dxp-portal' });
  testApp = await createTestApp({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'dxp-portal' });
});
afterAll(async () => {
  await testApp.close();
  await provider.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A person of the stand-in provider, with a fresh subject per test. */
function person() {
  const subject = `person-${randomUUID()}`;
  return { sub: subject, email: `${subject}@example.com` };
}

/** An ID token as the provider issues it after an authorization request with `nonce`. */
async function idTokenFor(claims: { sub: string; email: string; [claim: string]: unknown }, nonce = randomUUID()) {
  return { idToken: await provider.signIdToken({ ...claims, nonce }), nonce };
}

function login(idToken: string, body: object | undefined, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: `Bearer ${idToken}`, ...headers },
    ...(body ? { payload: body } : {}),
  });
}

async function signIn(claims: { sub: string; email: string; [claim: string]: unknown }) {
  const { idToken, nonce } = await idTokenFor(claims);
  const response = await login(idToken, { nonce });
  expect(response.statusCode).toBe(200);
  // As the web client makes everyone do before anything else.
  await testApp.database.db
    .update(users)
    .set({ termsAcceptedAt: new Date(), acceptedTermsVersion: termsOfService.version })
    .where(eq(users.identitySubject, claims.sub));
  return { idToken, nonce, accessToken: response.json<{ access_token: string }>().access_token };
}

function logout(accessToken: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

function refresh(expiredToken: string, idToken: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    query: { expiredToken },
    headers: { authorization: `Bearer ${idToken}` },
  });
}

const me = (accessToken: string) => graphqlRequest(testApp, { query: '{ me { email } }', credential: accessToken });

describe('API2:2023 broken authentication (ASVS V7.4.1) – sign-out ends the session at the portal', () => {
  it('the access token stops answering { me { email } } once its owner signed out', async () => {
    const claims = person();
    const { accessToken } = await signIn(claims);
    expect((await me(accessToken)).data).toEqual({ me: { email: claims.email } });

    const signOut = await logout(accessToken);
    expect(signOut.statusCode).toBe(204);

    const after = await me(accessToken);
    expect(errorCodeOf(after)).toBe('AUTH_NOT_AUTHENTICATED');
    const userInfo = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/userinfo',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(userInfo.statusCode).toBe(401);
  });

  it('the ID token of the signed-out session buys no new access token, and refresh is refused', async () => {
    const claims = person();
    const { idToken, nonce, accessToken } = await signIn(claims);
    expect((await logout(accessToken)).statusCode).toBe(204);

    const again = await login(idToken, { nonce });
    expect(again.statusCode).toBe(401);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('AUTH_NOT_AUTHENTICATED');
    // A fresh provider token cannot revive the ended session either.
    const renewed = await refresh(accessToken, (await idTokenFor(claims)).idToken);
    expect(renewed.statusCode).toBe(401);
  });

  it('signing out twice, or with a bad token, answers 401 without touching other sessions', async () => {
    const claims = person();
    const first = await signIn(claims);
    const second = await signIn(claims);
    expect((await logout(first.accessToken)).statusCode).toBe(204);
    expect((await logout(first.accessToken)).statusCode).toBe(401);
    expect((await logout('not-a-token')).statusCode).toBe(401);
    expect((await me(second.accessToken)).data).toEqual({ me: { email: claims.email } });
  });
});

describe('API2:2023 broken authentication (ASVS V9.1.1) – a provider ID token is exchanged once, with its nonce', () => {
  it('refuses the same ID token the second time', async () => {
    const { idToken, nonce } = await idTokenFor(person());
    expect((await login(idToken, { nonce })).statusCode).toBe(200);
    const replay = await login(idToken, { nonce });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ error: { code: string } }>().error.code).toBe('AUTH_NOT_AUTHENTICATED');
  });

  it('refuses a token without the nonce the client sent, and one whose nonce differs', async () => {
    const claims = person();
    const withoutNonceInBody = await idTokenFor(claims);
    expect((await login(withoutNonceInBody.idToken, undefined)).statusCode).toBe(401);
    const withoutNonceClaim = await provider.signIdToken(claims);
    expect((await login(withoutNonceClaim, { nonce: 'n-1' })).statusCode).toBe(401);
    const otherNonce = await idTokenFor(claims);
    expect((await login(otherNonce.idToken, { nonce: 'another' })).statusCode).toBe(401);
    // A refused token was not spent: with its own nonce it still signs in once.
    expect((await login(otherNonce.idToken, { nonce: otherNonce.nonce })).statusCode).toBe(200);
  });

  it('refuses tokens issued before the sessions of the identity were ended (a password change)', async () => {
    const claims = person();
    const { accessToken } = await signIn(claims);
    const issuedBefore = await idTokenFor(claims);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_000 });
    await endSessionsOfIdentity(testApp.database.db, { issuer: provider.issuer, subject: claims.sub });

    expect(errorCodeOf(await me(accessToken))).toBe('AUTH_NOT_AUTHENTICATED');
    expect((await login(issuedBefore.idToken, { nonce: issuedBefore.nonce })).statusCode).toBe(401);
    // The person signs in again with a token the provider issues now.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2_000 });
    const issuedAfter = await idTokenFor(claims);
    expect((await login(issuedAfter.idToken, { nonce: issuedAfter.nonce })).statusCode).toBe(200);
  });
});

describe('deleted stays deleted', () => {
  it("the deleted account's ID tokens, old or new, never create the user again", async () => {
    const claims = person();
    const issuedBefore = await idTokenFor(claims);
    const { accessToken } = await signIn(claims);
    const deleted = await graphqlRequest(testApp, { query: 'mutation { deleteAccount }', credential: accessToken });
    expect(deleted.data).toEqual({ deleteAccount: true });

    expect((await login(issuedBefore.idToken, { nonce: issuedBefore.nonce })).statusCode).toBe(401);
    const issuedAfter = await idTokenFor(claims);
    const refused = await login(issuedAfter.idToken, { nonce: issuedAfter.nonce });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('AUTH_NOT_AUTHENTICATED');
    const recreated = await testApp.database.db.select().from(users).where(eq(users.identitySubject, claims.sub));
    expect(recreated).toEqual([]);
  });
});

describe('the session row', () => {
  it('records the client, how the provider authenticated, and refreshes last seen at most once a minute', async () => {
    const claims = { ...person(), amr: ['pwd', 'otp'], acr: 'urn:example:mfa' };
    const { idToken, nonce } = await idTokenFor(claims);
    const response = await login(idToken, { nonce }, { 'user-agent': 'SessionTest/1.0' });
    const accessToken = response.json<{ access_token: string }>().access_token;
    const [user] = await testApp.database.db.select().from(users).where(eq(users.identitySubject, claims.sub));
    const [session] = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session).toMatchObject({
      userAgent: 'SessionTest/1.0',
      clientAddress: '127.0.0.1',
      identityIssuer: provider.issuer,
      authenticationMethods: ['pwd', 'otp'],
      authenticationContext: 'urn:example:mfa',
      revokedAt: null,
    });

    const lastSeenOf = async () =>
      (await testApp.database.db.select().from(sessions).where(eq(sessions.id, session!.id)))[0]!.lastSeenAt;
    await me(accessToken);
    expect(await lastSeenOf()).toEqual(session!.lastSeenAt);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_LAST_SEEN_INTERVAL_MS + 1_000 });
    await me(accessToken);
    await vi.waitFor(async () => expect((await lastSeenOf()).getTime()).toBeGreaterThan(session!.lastSeenAt.getTime()));
  });

  it('a request whose session row is gone is refused', async () => {
    const claims = person();
    const { accessToken } = await signIn(claims);
    const [user] = await testApp.database.db.select().from(users).where(eq(users.identitySubject, claims.sub));
    await testApp.database.db.delete(sessions).where(eq(sessions.userId, user!.id));
    expect(errorCodeOf(await me(accessToken))).toBe('AUTH_NOT_AUTHENTICATED');
  });
});

describe('idle sessions (SESSION_IDLE_TIMEOUT_MINUTES)', () => {
  const idleMs = 7 * 24 * 60 * 60_000;

  it('defaults to 7 days', () => {
    expect(testApp.config.sessionIdleTimeoutMinutes).toBe(7 * 24 * 60);
  });

  it('a session unused for longer than the timeout is refused like a revoked one, and buys no refresh', async () => {
    const claims = person();
    const { accessToken, idToken } = await signIn(claims);
    const [user] = await testApp.database.db.select().from(users).where(eq(users.identitySubject, claims.sub));
    const setLastSeen = (ago: number) =>
      testApp.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - ago) })
        .where(eq(sessions.userId, user!.id));

    await setLastSeen(idleMs - 60 * 60_000);
    expect(errorCodeOf(await me(accessToken))).toBeUndefined();
    expect((await refresh(accessToken, idToken)).statusCode).toBe(200);
    await setLastSeen(idleMs + 60_000);
    expect(errorCodeOf(await me(accessToken))).toBe('AUTH_NOT_AUTHENTICATED');
    expect((await refresh(accessToken, idToken)).statusCode).toBe(401);
  });
});
