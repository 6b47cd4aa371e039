import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCapturingLogger, createTestApp, type LogLine, type TestApp } from '../test/app.js';
import { graphqlRequest, signInTestUser } from '../test/graphql.js';
import {
  API_RESOURCE,
  OTHER_CLIENT_ID,
  OTHER_CLIENT_REDIRECT_URI,
  type ProviderSignIn,
  signInAtProvider,
  type StandaloneProvider,
  startStandaloneProvider,
} from '../test/standalone-provider-process.js';

const PUBLIC_URL = 'http://localhost:3999';
const portal: Omit<ProviderSignIn, 'login'> = { clientId: 'dxp-portal', redirectUri: `${PUBLIC_URL}/auth/callback` };

let provider: StandaloneProvider;
/** Another tenant of the same provider software with the same signing key: only the issuer tells its tokens apart. */
let otherTenant: StandaloneProvider;
let testApp: TestApp;
let logLines: LogLine[];

beforeAll(async () => {
  const signingKey = await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey);
  [provider, otherTenant] = await Promise.all([
    startStandaloneProvider({ portalUrls: [PUBLIC_URL], signingKey }),
    startStandaloneProvider({ portalUrls: [PUBLIC_URL], signingKey }),
  ]);
  const capturing = createCapturingLogger();
  logLines = capturing.logLines;
  // The API audience is asked for in the authorize request only; it must not make an access token a sign-in.
  testApp = await createTestApp(
    { PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'dxp-portal', OIDC_API_AUDIENCE: API_RESOURCE },
    { logger: capturing.logger },
  );
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await Promise.all([provider.stop(), otherTenant.stop()]);
});

function login(bearer: string, body: { nonce: string; providerAccessToken?: string }) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: `Bearer ${bearer}` },
    payload: body,
  });
}

/** The refusal's answer, and the warning the administrator reads for it. */
function refusalOf(response: Awaited<ReturnType<typeof login>>) {
  const requestId = String(response.headers['x-request-id']);
  return {
    status: response.statusCode,
    reason: response.json<{ error: { reason?: string } }>().error.reason,
    warnings: logLines.filter((line) => line.reqId === requestId && line.level === 40).map((line) => line.check),
  };
}

describe('an external OpenID provider (oidc-provider with its defaults, in its own process)', () => {
  it('signs in with a slim ID token and creates the user with the email and names of userinfo', async () => {
    const tokens = await signInAtProvider(provider.issuer, { ...portal, login: 'ada' });
    expect(decodeJwt(tokens.idToken)).not.toHaveProperty('email');

    const response = await login(tokens.idToken, { nonce: tokens.nonce, providerAccessToken: tokens.accessToken });
    expect(response.statusCode).toBe(200);
    const user = await testApp.database.db.query.users.findFirst({
      where: (users, { eq }) => eq(users.identitySubject, 'ada'),
    });
    expect(user).toMatchObject({
      identityIssuer: provider.issuer,
      email: 'ada@standalone.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      // The provider sends email_verified as the string "true".
      isEmailVerified: true,
    });
  });

  it('tells why a slim ID token cannot sign in without the provider access token', async () => {
    const tokens = await signInAtProvider(provider.issuer, { ...portal, login: 'grace' });
    expect(refusalOf(await login(tokens.idToken, { nonce: tokens.nonce }))).toEqual({
      status: 401,
      reason: 'email_missing',
      warnings: ['email_missing'],
    });
  });

  it('refuses the ID token of another client of the same provider', async () => {
    const tokens = await signInAtProvider(provider.issuer, {
      clientId: OTHER_CLIENT_ID,
      redirectUri: OTHER_CLIENT_REDIRECT_URI,
      login: 'mallory',
    });
    expect(refusalOf(await login(tokens.idToken, { nonce: tokens.nonce }))).toEqual({
      status: 401,
      reason: 'audience',
      warnings: ['audience'],
    });
  });

  it("refuses the provider's access token, a JWT for the very API audience the portal asks for", async () => {
    const tokens = await signInAtProvider(provider.issuer, { ...portal, login: 'ada', resource: API_RESOURCE });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ aud: API_RESOURCE, client_id: 'dxp-portal' });
    const response = await login(tokens.accessToken, { nonce: tokens.nonce, providerAccessToken: tokens.accessToken });
    expect(refusalOf(response)).toEqual({ status: 401, reason: 'token_type', warnings: ['token_type'] });
  });

  it('refuses an ID token of another issuer, even signed with the same key', async () => {
    const tokens = await signInAtProvider(otherTenant.issuer, { ...portal, login: 'ada' });
    const response = await login(tokens.idToken, { nonce: tokens.nonce, providerAccessToken: tokens.accessToken });
    expect(refusalOf(response)).toEqual({ status: 401, reason: 'issuer', warnings: ['issuer'] });
  });

  it('shows a system administrator the refusals above in the installation panel, and nobody else', async () => {
    const query = `query { installationStatus { recentSignInRefusals { refusedAt reason detail issuer clientId } } }`;
    const admin = await signInTestUser(testApp, { isSystemAdmin: true });
    const response = await graphqlRequest<{
      installationStatus: { recentSignInRefusals: { refusedAt: string; reason: string; detail: string }[] };
    }>(testApp, { query, credential: admin.accessToken });
    expect(response.errors).toBeUndefined();
    const refusals = response.data?.installationStatus.recentSignInRefusals ?? [];
    // Newest first: the tests above ran in order.
    expect(refusals.map((refusal) => refusal.reason)).toEqual(['issuer', 'token_type', 'audience', 'email_missing']);
    expect(refusals[0]).toMatchObject({ issuer: provider.issuer, clientId: 'dxp-portal' });
    expect(refusals[1]?.detail).toMatch(/access token, not an ID token/);
    expect(refusals[2]?.detail).toContain(`its aud is ${OTHER_CLIENT_ID}, not dxp-portal`);
    expect(refusals[3]?.detail).toMatch(/no provider access token came to read userinfo/);
    const text = JSON.stringify(refusals);
    expect(text).not.toMatch(/eyJ[\w-]+\./);
    expect(text).not.toContain('@standalone.test');

    const user = await signInTestUser(testApp);
    const asUser = await graphqlRequest(testApp, { query, credential: user.accessToken });
    expect(asUser.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHORIZED' });
    expect(JSON.stringify(asUser)).not.toContain('audience');
  });
});
