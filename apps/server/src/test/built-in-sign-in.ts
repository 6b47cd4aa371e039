import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createAccountWithoutPassword, createIdentityAccount } from '../idp/identity-accounts.js';
import { createTestApp, type TestApp } from './app.js';
import { signInTestUser } from './graphql.js';
import { insertTestUser } from './users.js';

/**
 * A browser without a screen for the built-in provider's pages: keeps cookies, follows redirects one by
 * one, and can pretend to come from another client address (`x-forwarded-for`, trusted from loopback).
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly clientAddress?: string,
    /** Sent with every request, e.g. `accept-encoding: identity` to compare the lengths of plain pages. */
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** A cookie the portal's own pages would have set, e.g. the colour mode. */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const response = await fetch(new URL(url, this.baseUrl), {
      method: init.method ?? (init.form || init.json !== undefined ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        ...this.defaultHeaders,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.clientAddress ? { 'x-forwarded-for': this.clientAddress } : {}),
        ...init.headers,
      },
      body: init.form
        ? new URLSearchParams(init.form).toString()
        : init.json !== undefined
          ? JSON.stringify(init.json)
          : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const isExpired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (isExpired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    // Read at once, as a browser does: a body left unread keeps its response unfinished on the server,
    // whose close then waits for the keep-alive time-out.
    const body = await response.arrayBuffer();
    return new Response([101, 204, 205, 304].includes(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  /** Follows redirects until a page answers or the browser would leave for the portal's callback. */
  async follow(
    url: string,
    init: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<{ response: Response; url: string }> {
    let response = await this.request(url, init);
    let currentUrl = new URL(url, this.baseUrl).href;
    while (response.status >= 300 && response.status < 400) {
      currentUrl = new URL(response.headers.get('location')!, currentUrl).href;
      if (new URL(currentUrl).pathname === '/auth/callback') return { response, url: currentUrl };
      response = await this.request(currentUrl);
    }
    return { response, url: currentUrl };
  }

  /** Starts an authorization request as the SPA does and returns the sign-in page it leads to. */
  async openSignIn(nonce = randomBytes(8).toString('hex')) {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL('/idp/auth', this.baseUrl);
    url.search = new URLSearchParams({
      client_id: 'dxp-portal',
      redirect_uri: `${this.baseUrl}/auth/callback`,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      state: randomBytes(8).toString('hex'),
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const { response, url: signInUrl } = await this.follow(url.href);
    if (response.status !== 200) throw new Error(`the sign-in page answered ${response.status}`);
    return { verifier, nonce, signInUrl, page: await response.text() };
  }
}

/** Exchanges the callback's code for the provider's tokens, then the ID token for the portal's access token. */
export async function portalSignInFromCallback(
  baseUrl: string,
  { callbackUrl, verifier, nonce }: { callbackUrl: string; verifier: string; nonce: string },
): Promise<{ accessToken: string; idToken: string }> {
  const { body: tokens } = await exchangeAuthorizationCode(baseUrl, { callbackUrl, verifier });
  const idToken = tokens.id_token!;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nonce }),
  });
  if (login.status !== 200) throw new Error(`the portal's login answered ${login.status}`);
  const { access_token: accessToken } = (await login.json()) as { access_token: string };
  return { accessToken, idToken };
}

export interface BuiltInAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** Posts the sign-up form in a fresh authorization request; answers the page or the callback it leads to. */
export async function postSignUp(browser: Browser, account: BuiltInAccount) {
  const signIn = await browser.openSignIn();
  const result = await browser.follow(`${signIn.signInUrl}/sign-up`, {
    form: {
      firstName: account.firstName ?? 'Ada',
      lastName: account.lastName ?? 'Lovelace',
      email: account.email,
      password: account.password,
    },
  });
  return { ...result, signIn };
}

/**
 * Signs in with the built-in provider's form and then at the portal; answers the portal's access token,
 * or throws with the page's status when the provider did not let the person through.
 */
export async function signInAtPortal(browser: Browser, account: Pick<BuiltInAccount, 'email' | 'password'>) {
  const signIn = await browser.openSignIn();
  const { response, url } = await browser.follow(`${signIn.signInUrl}/sign-in`, {
    form: { email: account.email, password: account.password },
  });
  if (new URL(url).pathname !== '/auth/callback') throw new Error(`sign-in answered ${response.status}`);
  return portalSignInFromCallback(browser.baseUrl, {
    callbackUrl: url,
    verifier: signIn.verifier,
    nonce: signIn.nonce,
  });
}

/** Signs up; whether the provider signs the new account in at once or asks to check the mail, then signs in. */
export async function signUpAndSignIn(browser: Browser, account: BuiltInAccount) {
  const signUp = await postSignUp(browser, account);
  if (new URL(signUp.url).pathname === '/auth/callback') {
    return portalSignInFromCallback(browser.baseUrl, {
      callbackUrl: signUp.url,
      verifier: signUp.signIn.verifier,
      nonce: signUp.signIn.nonce,
    });
  }
  return signInAtPortal(browser, account);
}

/**
 * An answer as an onlooker compares it: status, every header with its value and the page, with the
 * address typed and the random parts (cookies, form tokens) blanked. Two answers that must not tell
 * whether an account exists are equal here. Compare addresses of one length, asked for without
 * compression (see `Browser`), so that `content-length` is compared too.
 */
export async function comparableAnswer(response: Response, email: string) {
  const blank = (text: string) => text.replaceAll(email, '…').replace(/[\w-]{20,}/g, '…');
  const headers = Object.fromEntries(
    [...response.headers]
      .filter(([name]) => name !== 'date' && name !== 'x-request-id')
      .map(([name, value]) => [name, blank(value)]),
  );
  return { status: response.status, headers, page: blank(await response.text()) };
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * The application on a fresh database listening on a free port of 127.0.0.1 (`baseUrl`), for tests that talk to it
 * over HTTP as a browser does; its public address is `baseUrl` unless `environment` names another PUBLIC_URL.
 */
export async function startListeningTestApp(
  environment: Record<string, string> = {},
): Promise<{ testApp: TestApp; baseUrl: string }> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const testApp = await createTestApp({ PORT: String(port), PUBLIC_URL: baseUrl, ...environment });
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return { testApp, baseUrl };
}

/**
 * `startListeningTestApp` for the tests of a file or `describe`: the hooks start it before them and close it after;
 * read `portal.testApp` and `portal.baseUrl` in the tests.
 */
export function useListeningTestApp(environment: Record<string, string> = {}): { testApp: TestApp; baseUrl: string } {
  const portal = {} as { testApp: TestApp; baseUrl: string };
  beforeAll(async () => {
    Object.assign(portal, await startListeningTestApp(environment));
  });
  afterAll(async () => {
    await portal.testApp?.close();
  });
  return portal;
}

/** Exchanges the code of the portal's callback for the provider's tokens at `providerUrl`, as the SPA's fetch does. */
export async function exchangeAuthorizationCode(
  baseUrl: string,
  { callbackUrl, verifier, providerUrl = baseUrl }: { callbackUrl: string; verifier: string; providerUrl?: string },
): Promise<{ status: number; body: Record<string, string> }> {
  const code = new URL(callbackUrl).searchParams.get('code');
  if (!code) throw new Error(`no code in ${callbackUrl}`);
  const response = await fetch(`${providerUrl}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: `${baseUrl}/auth/callback`,
      client_id: 'dxp-portal',
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/**
 * A person of the built-in provider without the browser: their sign-in account (verified, with `password`) and
 * their portal user with a real access token, for API tests of what only built-in accounts can do.
 */
export async function signInBuiltInTestUser(testApp: TestApp, password: string) {
  const email = `built-in-${randomBytes(6).toString('hex')}@example.test`;
  const account = await createIdentityAccount(testApp.database.db, {
    email,
    password,
    firstName: 'Built',
    lastName: 'In',
  });
  return signInTestUser(testApp, {
    identityIssuer: testApp.config.identity.issuer,
    identitySubject: account.id,
    email,
  });
}

/** A person of the built-in provider an administrator added, whose address is not confirmed yet. */
export async function insertUnconfirmedBuiltInUser(testApp: TestApp) {
  const email = `unconfirmed-${randomBytes(6).toString('hex')}@example.test`;
  const account = await createAccountWithoutPassword(testApp.database.db, { email, firstName: 'Not', lastName: 'Yet' });
  return insertTestUser(testApp.database.db, {
    identityIssuer: testApp.config.identity.issuer,
    identitySubject: account.id,
    email,
    isEmailVerified: false,
  });
}
