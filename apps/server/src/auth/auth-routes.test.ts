import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCapturingLogger, createTestApp, type LogLine, type TestApp } from '../test/app.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../test/identity-provider.js';
import { queryRows } from '../db/backup.js';
import { ACCESS_TOKEN_TYPE } from './access-tokens.js';

/** What the token routes answer (docs/api.md). */
interface TokenAnswer {
  access_token: string;
  expires_at: number;
}
interface ErrorAnswer {
  error: { code: string; message: string; reason?: string };
}

let provider: TestIdentityProvider;
let testApp: TestApp;

beforeAll(async () => {
  provider = await startTestIdentityProvider({ clientId: 'dxp-portal' });
  // 6 sign-ins a minute allow 30 token exchanges from one address.
  testApp = await createTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'dxp-portal',
    AUTH_RATE_LIMIT_PER_MINUTE: '6',
  });
});
afterAll(async () => {
  await testApp.close();
  await provider.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function login(idToken: string, body?: object) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: `Bearer ${idToken}` },
    ...(body ? { payload: body } : {}),
  });
}

/** A provider token as an authorization request with a nonce yields, and the body that sends the nonce back. */
async function signedIdToken(claims: { sub: string; email: string }) {
  const nonce = crypto.randomUUID();
  return { idToken: await provider.signIdToken({ ...claims, nonce }), body: { nonce } };
}

async function loginAs(subject: string, email = `${subject}@example.com`): Promise<string> {
  const { idToken, body } = await signedIdToken({ sub: subject, email });
  const response = await login(idToken, body);
  expect(response.statusCode).toBe(200);
  return response.json<TokenAnswer>().access_token;
}

function userInfo(accessToken?: string) {
  return testApp.app.inject({
    method: 'GET',
    url: '/api/auth/userinfo',
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

function refresh(expiredToken: string | undefined, idToken: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    query: expiredToken === undefined ? {} : { expiredToken },
    headers: { authorization: `Bearer ${idToken}` },
  });
}

/** Moves the clock past the access token's lifetime (jose reads Date). */
function afterAccessTokenExpiry() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600 * 1000 });
}

describe('API2:2023 broken authentication – POST /api/auth/login', () => {
  it('exchanges a provider ID token for an access token that opens userinfo', async () => {
    const response = await login(await provider.signIdToken({ sub: 'ada', email: 'ada@example.com', nonce: 'n-1' }), {
      nonce: 'n-1',
    });
    expect(response.statusCode).toBe(200);
    const { access_token: accessToken, expires_at: expiresAt } = response.json<TokenAnswer>();
    expect(Math.abs(expiresAt - (Date.now() / 1000 + 3600))).toBeLessThan(5);

    const user = await userInfo(accessToken);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      roles: ['SystemAdmin', 'StandardUser'],
    });
  });

  it('refuses a wrong nonce, a missing token and a forged one with the JSON error shape', async () => {
    const wrongNonce = await login(await provider.signIdToken({ nonce: 'n-1' }), { nonce: 'n-2' });
    const missing = await testApp.app.inject({ method: 'POST', url: '/api/auth/login' });
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await login(
      await new SignJWT({ email: 'ada@example.com' })
        .setProtectedHeader({ alg: 'RS256', kid: provider.keyId })
        .setIssuer(provider.issuer)
        .setAudience('dxp-portal')
        .setSubject('ada')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
    );
    for (const response of [wrongNonce, missing, forged]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorAnswer>().error.code).toBe('AUTH_NOT_AUTHENTICATED');
    }
  });

  it("creates the user from a slim ID token with the email and names of the provider's userinfo", async () => {
    const nonce = crypto.randomUUID();
    const idToken = await provider.signIdToken({
      sub: 'slim-1',
      nonce,
      email: undefined,
      given_name: undefined,
      family_name: undefined,
    });
    const providerAccessToken = provider.issueAccessToken({
      sub: 'slim-1',
      email: 'katherine@example.com',
      email_verified: 'true',
      given_name: 'Katherine',
      family_name: 'Johnson',
    });
    const response = await login(idToken, { nonce, providerAccessToken });
    expect(response.statusCode).toBe(200);
    const user = await userInfo(response.json<TokenAnswer>().access_token);
    expect(user.json()).toMatchObject({ email: 'katherine@example.com', firstName: 'Katherine', lastName: 'Johnson' });
  });

  it('refuses a provider access token as a sign-in, with this client as audience and the nonce', async () => {
    const nonce = crypto.randomUUID();
    const accessToken = await provider.signIdToken({ nonce, scope: 'openid email' }, { typ: 'at+jwt' });
    const response = await login(accessToken, { nonce });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorAnswer>().error).toMatchObject({ code: 'AUTH_NOT_AUTHENTICATED', reason: 'token_type' });
  });

  it('ASVS V9.2.2 token type – does not take our own access token for a provider token', async () => {
    const accessToken = await loginAs('grace');
    expect((await login(accessToken)).statusCode).toBe(401);
  });
});

describe('ASVS V6.3.5 – a sign-in from a new client is told to the person', () => {
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
  const newerFirefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0';
  const safari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

  async function signInWith(subject: string, userAgent: string) {
    const { idToken, body } = await signedIdToken({ sub: subject, email: `${subject}@example.com` });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${idToken}`, 'user-agent': userAgent },
      remoteAddress: '10.9.8.7',
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  }

  async function securityNotices(subject: string) {
    const rows = await queryRows<{ message: string }>(
      testApp.database.db,
      sql`select n.message from notifications n join users u on u.id = n.user_id
          where u.identity_subject = ${subject} and n.type = 'AccountSecurity' order by n.created_at`,
    );
    return rows.map((row) => row.message);
  }

  it('says nothing at the first sign-in nor from a known client (a newer version of it too), and names a new one', async () => {
    const subject = `new-client-${crypto.randomUUID()}`;
    await signInWith(subject, firefox);
    await signInWith(subject, firefox);
    await signInWith(subject, newerFirefox);
    expect(await securityNotices(subject)).toEqual([]);
    await signInWith(subject, safari);
    const notices = await securityNotices(subject);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^A new sign-in to your account from Safari on iOS \(10\.9\.8\.7\)\./);
    expect(notices[0]).toContain('If this was not you');
    await signInWith(subject, safari);
    expect(await securityNotices(subject)).toHaveLength(1);
  });
});

describe('API2:2023 broken authentication – GET /api/auth/userinfo', () => {
  it('answers 401 without a token, with a malformed header and with an expired token', async () => {
    const accessToken = await loginAs('linus');
    expect((await userInfo()).statusCode).toBe(401);
    const malformed = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/userinfo',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
    afterAccessTokenExpiry();
    const expired = await userInfo(accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json<ErrorAnswer>().error.code).toBe('AUTH_NOT_AUTHENTICATED');
  });
});

describe('API2:2023 broken authentication – POST /api/auth/refresh', () => {
  it('renews an expired access token with a fresh provider token for the same person', async () => {
    const accessToken = await loginAs('barbara');
    afterAccessTokenExpiry();
    const response = await refresh(
      accessToken,
      await provider.signIdToken({ sub: 'barbara', email: 'barbara@example.com' }),
    );
    expect(response.statusCode).toBe(200);
    const renewed = response.json<TokenAnswer>().access_token;
    expect((await userInfo(renewed)).json<{ email: string }>().email).toBe('barbara@example.com');
  });

  it('refuses a provider token of another person', async () => {
    const accessToken = await loginAs('edsger');
    await loginAs('mallory');
    afterAccessTokenExpiry();
    const response = await refresh(
      accessToken,
      await provider.signIdToken({ sub: 'mallory', email: 'mallory@example.com' }),
    );
    expect(response.statusCode).toBe(401);
  });

  it('ASVS V9.1.1 – refuses an expired token that we did not sign', async () => {
    await loginAs('donald');
    const { privateKey } = await generateKeyPair('Ed25519', { extractable: true });
    const user = (await testApp.database.db.query.users.findFirst({
      where: (users, { eq }) => eq(users.identitySubject, 'donald'),
    }))!;
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'Ed25519', typ: ACCESS_TOKEN_TYPE, kid: (await exportJWK(privateKey)).x })
      .setIssuer(testApp.config.publicUrl)
      .setAudience(`${testApp.config.publicUrl}/api`)
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(privateKey);
    const response = await refresh(forged, await provider.signIdToken({ sub: 'donald', email: 'donald@example.com' }));
    expect(response.statusCode).toBe(401);
  });

  it('requires the expired token and a valid provider token', async () => {
    const accessToken = await loginAs('ken');
    const withoutExpiredToken = await refresh(
      undefined,
      await provider.signIdToken({ sub: 'ken', email: 'ken@example.com' }),
    );
    expect(withoutExpiredToken.statusCode).toBe(400);
    expect(withoutExpiredToken.json<ErrorAnswer>().error.code).toBe('INVALID_REQUEST');
    const withOurTokenAsProviderToken = await refresh(accessToken, accessToken);
    expect(withOurTokenAsProviderToken.statusCode).toBe(401);
  });
});

describe('API4:2023 unrestricted resource consumption (ASVS V2.4.1, V6.3.1) – rate limiting', () => {
  it('answers RATE_LIMITED after 30 token exchanges a minute from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      // Each ID token is exchanged once, so each attempt brings its own.
      const { idToken, body } = await signedIdToken({ sub: 'busy', email: 'busy@example.com' });
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${idToken}` },
        payload: body,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json<ErrorAnswer>().error.code).toBe('RATE_LIMITED');
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('API8:2023 security misconfiguration (ASVS V2.2.1) – bad input to the token routes: a clear 4xx and a log line, never a 500', () => {
  // Its own app with a readable log (and its own rate-limit counts).
  let loggedApp: TestApp;
  let logLines: LogLine[];
  beforeAll(async () => {
    const capturing = createCapturingLogger();
    logLines = capturing.logLines;
    loggedApp = await createTestApp(
      { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'dxp-portal' },
      { logger: capturing.logger },
    );
  });
  afterAll(async () => {
    await loggedApp.close();
  });

  /** The lines our code logged about one request, beyond its access line. */
  const explanationsLogged = (requestId: string) =>
    logLines.filter((line) => line.reqId === requestId && line.msg !== 'request completed');

  const oversizedBody = JSON.stringify({ nonce: 'x'.repeat(1_100_000) });

  it.each([
    ['malformed JSON', '/api/auth/login', 'application/json', '{"nonce": "n-1"', 400, /JSON/],
    ['malformed JSON', '/api/auth/refresh?expiredToken=eyJ.a.b', 'application/json', '{"nonce": ', 400, /JSON/],
    ['a wrong content type (text)', '/api/auth/login', 'text/plain', '{"nonce":"n-1"}', 415, /media type/i],
    [
      'a wrong content type (form)',
      '/api/auth/login',
      'application/x-www-form-urlencoded',
      'nonce=n-1',
      415,
      /media type/i,
    ],
    [
      'a wrong content type (form)',
      '/api/auth/refresh?expiredToken=eyJ.a.b',
      'application/x-www-form-urlencoded',
      'nonce=n-1',
      415,
      /media type/i,
    ],
    ['a body over 1 MiB', '/api/auth/login', 'application/json', oversizedBody, 413, /too large/i],
    [
      'a body over 1 MiB',
      '/api/auth/refresh?expiredToken=eyJ.a.b',
      'application/json',
      oversizedBody,
      413,
      /too large/i,
    ],
  ])('refuses %s to %s', async (_case, url, contentType, payload, status, message) => {
    const idToken = await provider.signIdToken({ sub: 'ada', email: 'ada@example.com' });
    const response = await loggedApp.app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.20',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    const { error } = response.json<ErrorAnswer>();
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toMatch(message);
    expect(response.body).not.toMatch(/\bat .+\(|node_modules|stack/i);
    const explanations = explanationsLogged(String(response.headers['x-request-id']));
    expect(explanations.map((line) => line.level)).toEqual([30]);
    expect(explanations[0]!.msg).toMatch(message);
  });

  it('tells the person what failed and the administrator which check, at warn', async () => {
    const nonce = crypto.randomUUID();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ aud: ['other-app', 'dxp-portal'], azp: 'other-app' }, 'authorized_party', /another application/],
      [{ email: undefined }, 'email_missing', /email address/],
      [{ exp: Math.floor(Date.now() / 1000) - 600 }, 'expiry', /sign in again/i],
    ];
    for (const [claims, check, message] of cases) {
      const response = await loggedApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.22',
        headers: { authorization: `Bearer ${await provider.signIdToken({ nonce, ...claims })}` },
        payload: { nonce },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorAnswer>().error).toMatchObject({
        reason: check,
        message: expect.stringMatching(message) as unknown,
      });
      const explanations = explanationsLogged(String(response.headers['x-request-id']));
      expect(explanations).toContainEqual(expect.objectContaining({ level: 40, check }));
    }
  });

  it('API2:2023 – answers a forged access token on userinfo with 401 and a log line', async () => {
    const { idToken, body } = await signedIdToken({ sub: 'alan', email: 'alan@example.com' });
    const signIn = await loggedApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.21',
      headers: { authorization: `Bearer ${idToken}` },
      payload: body,
    });
    const accessToken = signIn.json<TokenAnswer>().access_token;
    const forged = `${accessToken.slice(0, accessToken.lastIndexOf('.') + 1)}${'A'.repeat(86)}`;

    const response = await loggedApp.app.inject({
      method: 'GET',
      url: '/api/auth/userinfo',
      remoteAddress: '198.51.100.21',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorAnswer>().error.code).toBe('AUTH_NOT_AUTHENTICATED');
    expect(explanationsLogged(String(response.headers['x-request-id']))).not.toEqual([]);
  });
});
