import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

let testApp: TestApp;
let baseUrl: string;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  baseUrl = `http://127.0.0.1:${port}`;
  testApp = await createTestApp({ PORT: String(port), PUBLIC_URL: baseUrl });
  await testApp.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await testApp.close();
});

/** Keeps the provider's cookies and follows redirects one by one, as a browser would. */
class CookieJarBrowser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(new URL(url, baseUrl), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(pair.slice(0, separator));
      else this.cookies.set(pair.slice(0, separator), value);
    }
    return response;
  }

  async follow(url: string, form?: Record<string, string>): Promise<{ response: Response; url: string }> {
    let response = await this.request(url, form);
    let currentUrl = new URL(url, baseUrl).href;
    while (response.status >= 300 && response.status < 400) {
      currentUrl = new URL(response.headers.get('location')!, currentUrl).href;
      if (new URL(currentUrl).pathname === '/auth/callback') return { response, url: currentUrl };
      response = await this.request(currentUrl);
    }
    return { response, url: currentUrl };
  }

  /** An authorization request as the SPA makes it; answers where it ends (a page or the callback). */
  async authorize() {
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL('/idp/auth', baseUrl);
    url.search = new URLSearchParams({
      client_id: 'dxp-portal',
      redirect_uri: `${baseUrl}/auth/callback`,
      response_type: 'code',
      scope: 'openid profile email',
      state: 'state',
      nonce: 'nonce',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return { verifier, ...(await this.follow(url.href)) };
  }
}

/** Signs a new person up and in within `browser` (a provider session) and answers their ID token. */
async function signUp(browser: CookieJarBrowser): Promise<string> {
  const account = { email: `ada-${randomBytes(4).toString('hex')}@example.com`, password: 'a long enough password' };
  const signUpAt = await browser.authorize();
  await browser.follow(`${signUpAt.url}/sign-up`, { firstName: 'Ada', lastName: 'Lovelace', ...account });
  // Sign-up may stop at a "check your email" page; signing in then ends at the callback either way.
  const { verifier, url: signInOrCallback } = await browser.authorize();
  let callbackUrl = signInOrCallback;
  if (new URL(callbackUrl).pathname !== '/auth/callback') {
    callbackUrl = (await browser.follow(`${callbackUrl}/sign-in`, account)).url;
  }
  const tokens = await fetch(`${baseUrl}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: new URL(callbackUrl).searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: `${baseUrl}/auth/callback`,
      client_id: 'dxp-portal',
    }),
  });
  return ((await tokens.json()) as { id_token: string }).id_token;
}

async function isStillSignedIn(browser: CookieJarBrowser): Promise<boolean> {
  return new URL((await browser.authorize()).url).pathname === '/auth/callback';
}

describe('ASVS V3.4 – the provider pages carry the same security headers as the app', () => {
  it.each([
    '/idp/.well-known/openid-configuration',
    '/idp/jwks',
    '/idp/auth?client_id=unknown',
    '/idp/session/end',
    '/idp/interaction/unknown-interaction',
  ])('%s: a Content-Security-Policy its forms need and no more, no framing, nosniff', async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toMatch(/script-src 'self'(;|$| 'sha256-)/);
    expect(policy).toMatch(/style-src 'self'(;|$)/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('ASVS V4.1.3 – forwarded headers are believed from TRUST_PROXY peers only, the provider included', () => {
  const discovery = (remoteAddress: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/idp/.well-known/openid-configuration',
      remoteAddress,
      headers: { host: new URL(baseUrl).host, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });

  it('ignores X-Forwarded-Host and -Proto from a peer that is not a trusted proxy', async () => {
    const response = await discovery('203.0.113.9');
    expect(response.statusCode).toBe(200);
    const endpoints = response.json<Record<string, unknown>>();
    expect(endpoints.token_endpoint).toBe(`${baseUrl}/idp/token`);
    expect(response.body).not.toContain('evil.example');
  });

  it('honours them from a trusted proxy (loopback by default)', async () => {
    const endpoints = (await discovery('127.0.0.1')).json<Record<string, unknown>>();
    expect(endpoints.token_endpoint).toBe('https://evil.example/idp/token');
  });
});

describe("ASVS V3.5.3 – signing out of the provider needs its confirmation or the person's own ID token", () => {
  it('a GET from another site (no ID token hint) only asks: no script submits the form, the session stays', async () => {
    const browser = new CookieJarBrowser();
    await signUp(browser);
    const page = await (await browser.request('/idp/session/end')).text();
    expect(page).not.toContain('sign-out.js');
    expect(page).toMatch(/<button type="submit" form="op.logoutForm" name="logout" value="yes">/);
    // Another site cannot finish it: the confirmation needs the page's xsrf value.
    const forged = await browser.request('/idp/session/end/confirm', { logout: 'yes' });
    expect(forged.status).toBe(400);
    expect(await isStillSignedIn(browser)).toBe(true);
  });

  it("another person's ID token as the hint only asks too", async () => {
    const someoneElse = await signUp(new CookieJarBrowser());
    const browser = new CookieJarBrowser();
    await signUp(browser);
    const page = await (await browser.request(`/idp/session/end?id_token_hint=${someoneElse}`)).text();
    expect(page).not.toContain('sign-out.js');
    expect(await isStillSignedIn(browser)).toBe(true);
  });

  it("the web client's own request (the person's ID token) signs out at once, and the confirmation does too", async () => {
    const browser = new CookieJarBrowser();
    const idToken = await signUp(browser);
    const page = await (await browser.request(`/idp/session/end?id_token_hint=${idToken}`)).text();
    expect(page).toContain('<script src="/idp/assets/sign-out.js" defer></script>');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    await browser.follow('/idp/session/end/confirm', { xsrf, logout: 'yes' });
    expect(await isStillSignedIn(browser)).toBe(false);

    const confirmingBrowser = new CookieJarBrowser();
    await signUp(confirmingBrowser);
    const question = await (await confirmingBrowser.request('/idp/session/end')).text();
    const confirmation = /name="xsrf" value="([^"]+)"/.exec(question)![1]!;
    await confirmingBrowser.follow('/idp/session/end/confirm', { xsrf: confirmation, logout: 'yes' });
    expect(await isStillSignedIn(confirmingBrowser)).toBe(false);
  });
});

describe('ASVS V12.2.1 – on https, HSTS and Secure cookies (behind a TLS-ending proxy named by TRUST_PROXY)', () => {
  let httpsApp: TestApp;
  beforeAll(async () => {
    httpsApp = await createTestApp({ PUBLIC_URL: 'https://portal.example.com' });
  });
  afterAll(async () => {
    await httpsApp.close();
  });

  it('sends HSTS on the app and the provider, and marks the provider cookies Secure', async () => {
    const fromProxy = {
      remoteAddress: '127.0.0.1',
      headers: { host: 'portal.example.com', 'x-forwarded-proto': 'https' },
    };
    const health = await httpsApp.app.inject({ method: 'GET', url: '/api/health', ...fromProxy });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const authorization = await httpsApp.app.inject({
      method: 'GET',
      url:
        '/idp/auth?client_id=dxp-portal&response_type=code&scope=openid&state=s&nonce=n' +
        '&redirect_uri=https%3A%2F%2Fportal.example.com%2Fauth%2Fcallback' +
        `&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      ...fromProxy,
    });
    expect(authorization.statusCode).toBe(303);
    expect(authorization.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const cookies = [authorization.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });
});
