import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { graphqlWithBearer } from './bearer-graphql.js';

/** The newest mail to `email` in the development mailbox (/dev/mailbox: the journeys' servers have no SMTP_URL). */
export async function newestMail(
  page: Page,
  email: string,
  subject: RegExp,
): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const response = await page.request.get('/dev/mailbox/messages.json');
    const mails = (await response.json()) as { to: string[]; subject: string; text: string }[];
    found = mails.find((mail) => mail.to.includes(email.toLowerCase()) && subject.test(mail.subject));
    expect(found).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** The first link to `path` in a mail's text. */
export function linkIn(mail: { text: string }, path: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no ${path} link in:\n${mail.text}`);
  return link;
}

type PublicConfig = { oidc: { authority: string; clientId: string; redirectUri: string; scope: string } };
type ProviderTokens = {
  id_token: string;
  access_token: string;
  refresh_token?: string;
  token_type: string;
  scope: string;
  expires_in: number;
};

/**
 * The web client's own text of the terms mutation: the server that runs only trusted documents
 * (GRAPHQL_TRUSTED_DOCUMENTS=enforce) accepts no other.
 */
const acceptTermsDocument = (() => {
  const documents = JSON.parse(
    readFileSync(new URL('../../../apps/web/trusted-documents.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const text = Object.values(documents).find((document) => document.startsWith('mutation AcceptTerms('));
  if (!text) throw new Error('no AcceptTerms mutation in apps/web/trusted-documents.json');
  return text;
})();

/** Follows the provider's redirects one by one until a page answers or it sends the browser to the callback. */
async function follow(request: APIRequestContext, first: APIResponse): Promise<{ response: APIResponse; url: URL }> {
  let response = first;
  let url = new URL(first.url());
  while (response.status() >= 300 && response.status() < 400) {
    url = new URL(response.headers()['location']!, url);
    if (url.pathname === '/auth/callback') break;
    response = await request.get(url.href, { maxRedirects: 0 });
  }
  return { response, url };
}

/**
 * Signs `account` up (or in, when its address is taken) as the web client would, but over HTTP on the page's
 * own request context (its cookies are the browser's, so the provider's session is the browser's too): the
 * authorization request with PKCE, the sign-up form, the address confirmed from the mail, the sign-in form,
 * the code exchanged for the provider's tokens, those exchanged for the portal's, the terms accepted. The
 * portal's and the OIDC library's stores are then filled as a redirect sign-in leaves them, so refresh and
 * sign-out work as after one. Ends on a blank page of the portal's origin.
 */
export async function signInOverHttp(
  page: Page,
  account: { email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  const request = page.request;
  const { oidc } = (await (await request.get('/api/config')).json()) as PublicConfig;
  const verifier = randomBytes(32).toString('base64url');
  const nonce = randomBytes(16).toString('hex');
  const authorization = new URL(`${oidc.authority}/auth`);
  authorization.search = new URLSearchParams({
    client_id: oidc.clientId,
    redirect_uri: oidc.redirectUri,
    response_type: 'code',
    scope: oidc.scope,
    state: randomBytes(8).toString('hex'),
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const { url: interaction } = await follow(request, await request.get(authorization.href, { maxRedirects: 0 }));
  expect(interaction.pathname, 'the provider opens an interaction').toMatch(/^\/idp\/interaction\/[\w-]+$/);

  let { url } = await follow(
    request,
    await request.post(`${interaction.href}/sign-up`, { form: { ...account }, maxRedirects: 0 }),
  );
  // Only the installation's first account comes back at once; any other (new or taken) is answered by mail.
  if (url.pathname !== '/auth/callback') {
    const mail = await newestMail(page, account.email, /Confirm your email address|You already have an account/);
    if (mail.subject === 'Confirm your email address') {
      const token = new URL(linkIn(mail, '/idp/verify-email')).searchParams.get('token')!;
      // Not checked: a link already used (a parallel sign-up of the same administrator) has confirmed it.
      await request.post('/idp/verify-email', { form: { token }, maxRedirects: 0 });
    }
    ({ url } = await follow(
      request,
      await request.post(`${interaction.href}/sign-in`, {
        form: { email: account.email, password: account.password },
        maxRedirects: 0,
      }),
    ));
  }
  expect(url.pathname, 'the provider sends the browser back to the portal').toBe('/auth/callback');

  const tokenResponse = await request.post(`${oidc.authority}/token`, {
    headers: { origin: new URL(oidc.redirectUri).origin },
    form: {
      grant_type: 'authorization_code',
      code: url.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: oidc.redirectUri,
      client_id: oidc.clientId,
    },
  });
  expect(tokenResponse.status(), 'the provider issues tokens').toBe(200);
  const providerTokens = (await tokenResponse.json()) as ProviderTokens;

  const login = await request.post('/api/auth/login', {
    headers: { authorization: `Bearer ${providerTokens.id_token}` },
    data: { nonce, providerAccessToken: providerTokens.access_token },
  });
  expect(login.status(), 'the portal signs the account in').toBe(200);
  const portal = (await login.json()) as { access_token: string; expires_at?: number };

  const accepted = await graphqlWithBearer(request, portal.access_token, acceptTermsDocument);
  expect(accepted.errors, 'the terms are accepted').toBeUndefined();

  const providerUser = {
    id_token: providerTokens.id_token,
    session_state: null,
    access_token: providerTokens.access_token,
    refresh_token: providerTokens.refresh_token,
    token_type: providerTokens.token_type,
    scope: providerTokens.scope,
    profile: JSON.parse(Buffer.from(providerTokens.id_token.split('.')[1]!, 'base64url').toString()) as object,
    expires_at: Math.floor(Date.now() / 1000) + providerTokens.expires_in,
  };
  // Any same-origin document gives access to the origin's storage; this one loads nothing else.
  await page.goto('/api/ready');
  await page.evaluate(
    ({ accessToken, expiresAt, userKey, user }) => {
      // Keys of apps/web/src/lib/session.ts and of oidc-client-ts's WebStorageStateStore ("oidc." + "user:…").
      localStorage.setItem('dxp:access_token', accessToken);
      if (expiresAt) localStorage.setItem('dxp:access_token_expiry', String(expiresAt));
      localStorage.setItem(userKey, user);
    },
    {
      accessToken: portal.access_token,
      expiresAt: portal.expires_at,
      userKey: `oidc.user:${oidc.authority}:${oidc.clientId}`,
      user: JSON.stringify(providerUser),
    },
  );
}
