import { createHash, randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { and, eq, isNotNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { identityProviderRecords } from '../db/schema/auth.js';
import type { TestApp } from '../test/app.js';
import {
  Browser,
  comparableAnswer,
  exchangeAuthorizationCode,
  findFreePort,
  startListeningTestApp,
} from '../test/built-in-sign-in.js';
import { createIdentityProvider } from './identity-provider.js';
import { REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from './provider-adapter.js';

let testApp: TestApp;
let baseUrl: string;

beforeAll(async () => {
  ({ testApp, baseUrl } = await startListeningTestApp());
});
afterAll(async () => {
  await testApp.close();
});

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizationUrl({
  challenge,
  method = 'S256',
  state,
  nonce,
  extraParams = {},
  origin = baseUrl,
}: {
  /** Left out, the request carries no code_challenge at all. */
  challenge: string | undefined;
  method?: string;
  state: string;
  nonce: string;
  extraParams?: Record<string, string>;
  /** The instance the browser talks to; the portal (and its callback) stays at `baseUrl`. */
  origin?: string;
}) {
  const url = new URL('/idp/auth', origin);
  url.search = new URLSearchParams({
    ...extraParams,
    client_id: 'dxp-portal',
    redirect_uri: `${baseUrl}/auth/callback`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    state,
    nonce,
    ...(challenge === undefined ? {} : { code_challenge: challenge, code_challenge_method: method }),
  }).toString();
  return url.href;
}

/** Starts an authorization request and returns the sign-in page it leads to. */
async function openSignIn(browser: Browser, nonce = 'nonce-1', origin = baseUrl) {
  const pkce = pkcePair();
  const state = randomBytes(8).toString('hex');
  const { response, url } = await browser.follow(authorizationUrl({ challenge: pkce.challenge, state, nonce, origin }));
  expect(response.status).toBe(200);
  expect(new URL(url).pathname).toMatch(/^\/idp\/interaction\/[\w-]+$/);
  return { pkce, state, nonce, signInUrl: url, page: await response.text() };
}

const exchangeCode = (callbackUrl: string, verifier: string, providerUrl = baseUrl) =>
  exchangeAuthorizationCode(baseUrl, { callbackUrl, verifier, providerUrl });

/** Moves every spent refresh token's first use back past the reuse interval, as if that long had gone by. */
async function endRefreshTokenReuseIntervals() {
  await testApp.database.db
    .update(identityProviderRecords)
    .set({ consumedAt: new Date(Date.now() - (REFRESH_TOKEN_REUSE_INTERVAL_SECONDS + 1) * 1000) })
    .where(and(eq(identityProviderRecords.model, 'RefreshToken'), isNotNull(identityProviderRecords.consumedAt)));
}

async function refresh(refreshToken: string, origin = baseUrl) {
  const response = await fetch(`${origin}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'dxp-portal' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** The newest link to `path` in the development outbox's mail to `email` (no SMTP_URL in these tests). */
async function mailedLink(email: string, path: string): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/mailbox/messages.json`);
  const mails = (await response.json()) as { to: string[]; text: string }[];
  const link = mails
    .filter((mail) => mail.to.includes(email))
    .flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? [])
    .find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no ${path} link mailed to ${email}`);
  return link;
}

/**
 * Signs up and comes back to the portal's callback: the installation's first account at once, any other
 * after confirming its address from the mail and signing in on the same sign-in page.
 */
async function signUp(email: string, password = 'correct horse battery') {
  const browser = new Browser(baseUrl);
  const signIn = await openSignIn(browser);
  const signUpPage = await browser.follow(`${signIn.signInUrl}/sign-up`);
  let { url } = await browser.follow(`${signIn.signInUrl}/sign-up`, {
    form: { firstName: 'Ada', lastName: 'Lovelace', email, password },
  });
  if (new URL(url).pathname !== '/auth/callback') {
    const token = new URL(await mailedLink(email, '/idp/verify-email')).searchParams.get('token')!;
    const confirmed = await browser.request('/idp/verify-email', { form: { token } });
    expect(confirmed.status).toBe(200);
    ({ url } = await browser.follow(`${signIn.signInUrl}/sign-in`, { form: { email, password } }));
  }
  return { browser, signIn, signUpPage: await signUpPage.response.text(), callbackUrl: url };
}

describe('built-in identity provider, end to end', () => {
  it('opens the sign-up page first when asked with screen_hint=signup', async () => {
    const browser = new Browser(baseUrl);
    const { challenge } = pkcePair();
    const { response, url } = await browser.follow(
      authorizationUrl({ challenge, state: 'state-1', nonce: 'nonce-1', extraParams: { screen_hint: 'signup' } }),
    );
    expect(response.status).toBe(200);
    expect(new URL(url).pathname).toMatch(/^\/idp\/interaction\/[\w-]+\/sign-up$/);
    expect(await response.text()).toContain('<label for="firstName">First name</label>');
  });

  it('signs up, exchanges the code, logs in to the portal and refreshes', async () => {
    const { signIn, signUpPage, callbackUrl } = await signUp('ada@example.com');
    expect(signIn.page).toContain('<label for="email">Email</label>');
    expect(signIn.page).toContain('<label for="password">Password</label>');
    expect(signIn.page).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(signIn.page).toContain('>Create an account</a>');
    expect(signUpPage).toContain('<label for="firstName">First name</label>');
    expect(signUpPage).toContain('<label for="lastName">Last name</label>');
    expect(signUpPage).toMatch(/<button type="submit">Create account<\/button>/);
    expect(signUpPage).not.toMatch(/<script(?![^>]*\bsrc=)/);

    const callback = new URL(callbackUrl);
    expect(callback.origin + callback.pathname).toBe(`${baseUrl}/auth/callback`);
    expect(callback.searchParams.get('state')).toBe(signIn.state);

    const tokens = await exchangeCode(callbackUrl, signIn.pkce.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeTruthy();
    const idClaims = decodeJwt(tokens.body.id_token!);
    expect(idClaims).toMatchObject({
      iss: `${baseUrl}/idp`,
      aud: 'dxp-portal',
      nonce: 'nonce-1',
      email: 'ada@example.com',
      given_name: 'Ada',
      family_name: 'Lovelace',
    });

    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.body.id_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nonce: 'nonce-1' }),
    });
    expect(login.status).toBe(200);
    const { access_token: accessToken, expires_at: expiresAt } = (await login.json()) as {
      access_token: string;
      expires_at: number;
    };
    expect(expiresAt).toBeGreaterThan(Date.now() / 1000 + 3500);

    const userInfo = await fetch(`${baseUrl}/api/auth/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(userInfo.status).toBe(200);
    expect(await userInfo.json()).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isSystemAdmin: true,
      roles: ['SystemAdmin', 'StandardUser'],
    });

    const { status: refreshedStatus, body: refreshedTokens } = await refresh(tokens.body.refresh_token!);
    expect(refreshedStatus).toBe(200);
    const portalRefresh = await fetch(`${baseUrl}/api/auth/refresh?expiredToken=${encodeURIComponent(accessToken)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${refreshedTokens.id_token}` },
    });
    expect(portalRefresh.status).toBe(200);
    const { access_token: renewedToken } = (await portalRefresh.json()) as { access_token: string };
    expect(renewedToken).not.toBe(accessToken);
  });

  it('API2:2023, ASVS V9.2.2 token type – does not accept the provider ID token in place of an access token', async () => {
    const { signIn, callbackUrl } = await signUp('grace@example.com');
    const tokens = await exchangeCode(callbackUrl, signIn.pkce.verifier);
    const userInfo = await fetch(`${baseUrl}/api/auth/userinfo`, {
      headers: { authorization: `Bearer ${tokens.body.id_token}` },
    });
    expect(userInfo.status).toBe(401);
  });

  it('ASVS V10.4.6 PKCE – refuses a code exchanged with the wrong verifier', async () => {
    const { callbackUrl } = await signUp('linus@example.com');
    const tokens = await exchangeCode(callbackUrl, pkcePair().verifier);
    expect(tokens.status).toBe(400);
    expect(tokens.body.error).toBe('invalid_grant');
  });

  it('ASVS V10.4.2 – refuses a code used twice and revokes what the first use issued', async () => {
    const { signIn, callbackUrl } = await signUp('reuse@example.com');
    const first = await exchangeCode(callbackUrl, signIn.pkce.verifier);
    expect(first.status).toBe(200);
    const second = await exchangeCode(callbackUrl, signIn.pkce.verifier);
    expect(second.body.error).toBe('invalid_grant');
    expect((await refresh(first.body.refresh_token!)).status).toBe(400);
  });

  it('ASVS V10.4.2 – renews again with a refresh token spent moments ago, as a page reloaded mid-renewal does; reuse after that revokes the grant', async () => {
    const { signIn, callbackUrl } = await signUp('rotation@example.com');
    const tokens = await exchangeCode(callbackUrl, signIn.pkce.verifier);
    // The answer a page that reloaded in the middle of its renewal never stored.
    const lost = await refresh(tokens.body.refresh_token!);
    expect(lost.status).toBe(200);
    const again = await refresh(tokens.body.refresh_token!);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).not.toBe(lost.body.refresh_token);

    // Past the reuse interval a spent token is taken for a stolen one: the grant ends with every token of it.
    await endRefreshTokenReuseIntervals();
    expect((await refresh(tokens.body.refresh_token!)).body.error).toBe('invalid_grant');
    expect((await refresh(again.body.refresh_token!)).body.error).toBe('invalid_grant');
  });

  it('ASVS V10.4.6 PKCE – refuses an authorization request without a code_challenge, and the plain method', async () => {
    const verifier = randomBytes(32).toString('base64url');
    for (const pkce of [{ challenge: undefined }, { challenge: verifier, method: 'plain' }]) {
      const { url } = await new Browser(baseUrl).follow(authorizationUrl({ ...pkce, state: 's', nonce: 'n' }));
      const callback = new URL(url);
      expect(callback.pathname).toBe('/auth/callback');
      expect(callback.searchParams.get('error')).toBe('invalid_request');
      expect(callback.searchParams.get('error_description')).toMatch(/PKCE|code_challenge/);
      expect(callback.searchParams.get('code')).toBeNull();
    }
  });

  it('leads from a sign-up page opened with screen_hint=signup to the sign-in form, not back to sign-up', async () => {
    const browser = new Browser(baseUrl);
    const { response, url } = await browser.follow(
      authorizationUrl({
        challenge: pkcePair().challenge,
        state: 's',
        nonce: 'n',
        extraParams: { screen_hint: 'signup' },
      }),
    );
    const signInLink = /Already have an account\? <a href="([^"]+)">Sign in<\/a>/.exec(await response.text())?.[1];
    expect(signInLink).toBe(`${new URL(url).pathname.replace(/\/sign-up$/, '')}/sign-in`);
    const signIn = await browser.follow(signInLink!);
    expect(signIn.response.status).toBe(200);
    expect(await signIn.response.text()).toContain('<h1>Sign in</h1>');
  });

  it('ASVS V6.3.8 – signs in with the right password and explains a wrong one without revealing the account', async () => {
    await signUp('barbara@example.com', 'a long enough password');

    const browser = new Browser(baseUrl);
    const wrongPassword = await openSignIn(browser);
    const wrong = await browser.follow(`${wrongPassword.signInUrl}/sign-in`, {
      form: { email: 'barbara@example.com', password: 'not the password' },
    });
    expect(wrong.response.status).toBe(401);
    const wrongPage = await wrong.response.text();
    expect(wrongPage).toContain('The email or password is incorrect.');

    const unknown = await browser.follow(`${wrongPassword.signInUrl}/sign-in`, {
      form: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(unknown.response.status).toBe(401);
    expect(await unknown.response.text()).toContain('The email or password is incorrect.');

    const right = await browser.follow(`${wrongPassword.signInUrl}/sign-in`, {
      form: { email: 'barbara@example.com', password: 'a long enough password' },
    });
    expect(new URL(right.url).pathname).toBe('/auth/callback');
    expect(new URL(right.url).searchParams.get('code')).toBeTruthy();
  });

  it('explains sign-up mistakes field by field', async () => {
    const browser = new Browser(baseUrl);
    const signIn = await openSignIn(browser);
    const shortPassword = await browser.follow(`${signIn.signInUrl}/sign-up`, {
      form: { firstName: 'Tim', lastName: 'Berners-Lee', email: 'tim@example.com', password: 'short' },
    });
    expect(shortPassword.response.status).toBe(400);
    const page = await shortPassword.response.text();
    expect(page).toContain('Use at least 8 characters.');
    expect(page).toContain('value="tim@example.com"');
    expect(page).toContain('aria-invalid="true"');

    const common = await browser.follow(`${signIn.signInUrl}/sign-up`, {
      form: { firstName: 'Tim', lastName: 'Berners-Lee', email: 'tim@example.com', password: '1234567890' },
    });
    expect(common.response.status).toBe(400);
    expect(await common.response.text()).toContain('This password is common or easy to guess.');

    // A taken address is answered as a new one; its owner is told by mail (trusted-sign-in.test.ts).
    await signUp('taken@example.com');
    const taken = await browser.follow(`${signIn.signInUrl}/sign-up`, {
      form: { firstName: 'Tim', lastName: 'Berners-Lee', email: 'Taken@Example.com', password: 'long enough password' },
    });
    expect(taken.response.status).toBe(200);
    expect(await taken.response.text()).toContain('<h1>Check your email</h1>');
  });

  it('API2:2023, ASVS V6.3.1 – throttles an email address after 10 failed sign-ins from one client address, alike for unknown addresses, never from another client address', async () => {
    await signUp('edsger@example.com', 'the right password');
    const browser = new Browser(baseUrl, undefined, { 'accept-encoding': 'identity' });
    const signIn = await openSignIn(browser);
    const attempt = (email: string, password: string, clientAddress: string) =>
      browser.follow(`${signIn.signInUrl}/sign-in`, {
        form: { email, password },
        headers: { 'x-forwarded-for': clientAddress },
      });

    const answers: Awaited<ReturnType<typeof comparableAnswer>>[] = [];
    // Addresses of one length, so that the answers' content-length is compared too.
    // Each address is tried from a network of its own, so that the network's request count is alike too.
    for (const [email, network] of [
      ['edsger@example.com', '203.0.113.50'],
      ['nobody@example.com', '203.0.113.60'],
    ] as const) {
      for (let failure = 1; failure <= 10; failure += 1) {
        expect((await attempt(email, `wrong password ${failure}`, network)).response.status).toBe(401);
      }
      answers.push(await comparableAnswer((await attempt(email, 'the right password', network)).response, email));
    }
    expect(answers[0]!.status).toBe(429);
    expect(answers[0]!.page).toContain('Too many failed sign-ins with this email address from your network.');
    expect(Number(answers[1]!.headers['retry-after'])).toBeGreaterThan(800);
    // The waits count down by the clock between the two answers; everything else is the same.
    const withoutWaits = ({ headers, ...answer }: (typeof answers)[number]) => ({
      ...answer,
      headers: { ...headers, 'retry-after': 'a wait', 'x-ratelimit-reset': 'a wait' },
    });
    expect(withoutWaits(answers[1]!)).toEqual(withoutWaits(answers[0]!));

    const owner = await attempt('edsger@example.com', 'the right password', '203.0.113.51');
    expect(new URL(owner.url).pathname).toBe('/auth/callback');
    // Two dozen password hashes, each slow on purpose: beside the browser journeys they outlast the default 20 s.
  }, 60_000);

  it('ASVS V7.4.1 – signs out from the portal with an ID token hint without asking again', async () => {
    const { browser, signIn, callbackUrl } = await signUp('alan@example.com');
    const tokens = await exchangeCode(callbackUrl, signIn.pkce.verifier);
    const whileSignedIn = await browser.follow(
      authorizationUrl({ challenge: pkcePair().challenge, state: 's', nonce: 'n' }),
    );
    expect(new URL(whileSignedIn.url).pathname).toBe('/auth/callback');

    const endSession = new URL('/idp/session/end', baseUrl);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.body.id_token!,
      post_logout_redirect_uri: `${baseUrl}/`,
    }).toString();

    const signOut = await browser.request(endSession.href);
    expect(signOut.status).toBe(200);
    const page = await signOut.text();
    expect(page).toContain('<script src="/idp/assets/sign-out.js" defer></script>');
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];

    // What sign-out.js submits.
    const confirmed = await browser.follow(new URL(action!, baseUrl).href, { form: { xsrf: xsrf!, logout: 'yes' } });
    expect(confirmed.url).toBe(`${baseUrl}/`);

    const again = await browser.follow(authorizationUrl({ challenge: pkcePair().challenge, state: 's', nonce: 'n' }));
    expect(new URL(again.url).pathname).toMatch(/^\/idp\/interaction\//);
  });

  it('serves its stylesheet and sign-out script', async () => {
    const stylesheet = await fetch(`${baseUrl}/idp/assets/idp.css`);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get('content-type')).toMatch(/text\/css/);
    const script = await fetch(`${baseUrl}/idp/assets/sign-out.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const toggle = await fetch(`${baseUrl}/idp/assets/password-toggle.js`);
    expect(toggle.headers.get('content-type')).toMatch(/javascript/);
  });

  it('draws its pages in the colour mode the person chose in the portal (its cookie), else as the system', async () => {
    const modeOf = async (cookie?: string) => {
      const response = await fetch(`${baseUrl}/idp/forgot-password`, { headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(200);
      return /<html lang="en" data-colour-mode="(\w+)">/.exec(await response.text())?.[1];
    };
    expect(await modeOf('dxp-colour-mode=dark')).toBe('dark');
    expect(await modeOf('other=1; dxp-colour-mode=light')).toBe('light');
    expect(await modeOf('dxp-colour-mode=system')).toBe('system');
    expect(await modeOf()).toBe('system');

    const browser = new Browser(baseUrl);
    browser.setCookie('dxp-colour-mode', 'dark');
    const { page } = await openSignIn(browser);
    expect(page).toContain('<html lang="en" data-colour-mode="dark">');
  });

  it("says what went wrong in words, with the provider's error code apart", async () => {
    const response = await fetch(`${baseUrl}/idp/auth?client_id=unknown-client&response_type=code&scope=openid`);
    const page = await response.text();
    expect(page).toContain('<h1>Sign-in problem</h1>');
    expect(page).toMatch(/<p class="hint">Error code: \w+<\/p>/);
  });

  it('answers an unknown or expired interaction with a way back', async () => {
    const response = await new Browser(baseUrl).request('/idp/interaction/not-a-real-interaction');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in page has expired.');
  });

  it('ASVS V9.1.2, V10.4.6 – serves its discovery document with the issuer under /idp, RS256 ID tokens and S256 PKCE only', async () => {
    const response = await fetch(`${baseUrl}/idp/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${baseUrl}/idp`);
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('API8:2023 security misconfiguration (ASVS V15.2.3) – no development features', () => {
  it("keeps oidc-provider's development interactions off: their routes answer 404, mounted or not", async () => {
    const { signInUrl } = await openSignIn(new Browser(baseUrl));
    const uid = new URL(signInUrl).pathname.split('/').pop()!;
    // What the development interactions would accept: any login, no password.
    const devSubmit = await new Browser(baseUrl).request(`/idp/interaction/${uid}`, {
      form: { prompt: 'login', login: 'anyone@example.com' },
    });
    expect(devSubmit.status).toBe(404);
    expect(devSubmit.headers.get('location')).toBeNull();
    expect((await new Browser(baseUrl).request(`/idp/interaction/${uid}/abort`)).status).toBe(404);

    // The provider itself, without our routing in front of it.
    const { provider } = await createIdentityProvider(testApp.database.db, testApp.config);
    const handleWithProvider = provider.callback();
    const bareProvider = createHttpServer((request, response) => void handleWithProvider(request, response));
    await new Promise<void>((resolve) => bareProvider.listen(0, '127.0.0.1', () => resolve()));
    try {
      const bareOrigin = `http://127.0.0.1:${(bareProvider.address() as AddressInfo).port}`;
      expect((await fetch(`${bareOrigin}/interaction/${uid}`)).status).toBe(404);
      const bareSubmit = await fetch(`${bareOrigin}/interaction/${uid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'prompt=login&login=anyone%40example.com',
        redirect: 'manual',
      });
      expect(bareSubmit.status).toBe(404);
    } finally {
      await new Promise((resolve) => bareProvider.close(resolve));
    }
  });
});

describe('ASVS V10.4.2, V10.4.5 – state kept in the database, shared by every instance', () => {
  let secondOrigin: string;
  let secondApp: FastifyInstance;
  beforeAll(async () => {
    // A fresh instance on the same database, as another replica or the same one after a restart.
    secondApp = await buildApp({
      config: testApp.config,
      database: testApp.database,
      logger: pino({ level: 'silent' }),
    });
    const port = await findFreePort();
    await secondApp.listen({ port, host: '127.0.0.1' });
    secondOrigin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await secondApp.close();
  });

  it('finishes on a fresh instance a sign-in begun on another, and a code or refresh token issued by one works on the other once', async () => {
    await signUp('hedy@example.com', 'frequency hopping');
    const browser = new Browser(baseUrl);
    const signIn = await openSignIn(browser);
    const uid = new URL(signIn.signInUrl).pathname.split('/').pop()!;
    const signedIn = await browser.follow(`${secondOrigin}/idp/interaction/${uid}/sign-in`, {
      form: { email: 'hedy@example.com', password: 'frequency hopping' },
    });
    expect(new URL(signedIn.url).pathname).toBe('/auth/callback');

    // The code the second instance issued, exchanged on the first.
    const tokens = await exchangeCode(signedIn.url, signIn.pkce.verifier, baseUrl);
    expect(tokens.status).toBe(200);
    // The refresh token the first instance issued, used on the second.
    const refreshedOnSecond = await refresh(tokens.body.refresh_token!, secondOrigin);
    expect(refreshedOnSecond.status).toBe(200);
    expect(decodeJwt(refreshedOnSecond.body.id_token!)).toMatchObject({ email: 'hedy@example.com' });
    // Each is single use on every instance: the rotated refresh token (once its reuse interval is over) and the used
    // code are refused on the other.
    await endRefreshTokenReuseIntervals();
    expect((await refresh(tokens.body.refresh_token!, baseUrl)).body.error).toBe('invalid_grant');
    expect((await exchangeCode(signedIn.url, signIn.pkce.verifier, secondOrigin)).body.error).toBe('invalid_grant');
  });
});

describe('API2:2023 broken authentication (ASVS V6.3.1, V2.4.1) – sign-in posts are rate limited per address', () => {
  const limit = 3;
  let limitedApp: TestApp;
  let limitedOrigin: string;
  beforeAll(async () => {
    // The portal's address stays `baseUrl`, so the authorization requests name the registered callback.
    ({ testApp: limitedApp, baseUrl: limitedOrigin } = await startListeningTestApp({
      PUBLIC_URL: baseUrl,
      AUTH_RATE_LIMIT_PER_MINUTE: String(limit),
    }));
  });
  afterAll(async () => {
    await limitedApp.close();
  });

  it(`answers 429 with the sign-in page to more than AUTH_RATE_LIMIT_PER_MINUTE (${limit}) sign-in posts a minute from one address`, async () => {
    const browser = new Browser(baseUrl);
    const { signInUrl } = await openSignIn(browser, 'nonce-1', limitedOrigin);
    const attempt = (clientAddress: string) =>
      browser.request(`${signInUrl}/sign-in`, {
        form: { email: 'guess@example.com', password: 'guessed password' },
        headers: { 'x-forwarded-for': clientAddress },
      });

    for (let count = 1; count <= limit; count += 1) expect((await attempt('198.51.100.7')).status).toBe(401);
    const limited = await attempt('198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const page = await limited.text();
    expect(page).toContain('<h1>Sign in</h1>');
    expect(page).toContain('Too many attempts from your network. Wait a minute, then try again.');
    // Another address is counted on its own.
    expect((await attempt('198.51.100.8')).status).toBe(401);
  });
});
