/**
 * A standalone OpenID provider for tests, in its own process: panva's `oidc-provider` with its defaults, as an
 * organisation would run some provider the portal knows nothing about. Its ID tokens are slim (email and names
 * only from userinfo), its development sign-in page takes any login (the password is ignored) and signs in that
 * account, and it listens on 127.0.0.1. Run it with `node --import tsx src/test/standalone-provider.ts`; it prints
 * `standalone OpenID provider ready at <issuer>` once it answers.
 *
 * - STANDALONE_PROVIDER_PORT: its port (0, the default: any free one).
 * - STANDALONE_PROVIDER_CLIENT_ID: the portal's client id (`dxp-portal`).
 * - STANDALONE_PROVIDER_PORTAL_URLS: the portals' base URLs, comma-separated: each one's `/auth/callback` is a
 *   redirect URI and its `/` a post-logout redirect URI.
 * - STANDALONE_PROVIDER_SIGNING_KEY: a private RS256 JWK (JSON); unset, a new key. Two processes with one key act
 *   as two tenants of one provider, whose tokens only the issuer tells apart.
 *
 * Beside the portal it knows a second client, `other-app`, and an API resource whose access tokens are JWTs, so
 * tests can hold what the portal must refuse: another client's ID token and an access token.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { errors } from 'oidc-provider';
import { API_RESOURCE, OTHER_CLIENT_ID, OTHER_CLIENT_REDIRECT_URI, READY_LINE } from './standalone-provider-process.js';

/**
 * The test accounts: the login is the account id; any other login is a person named after it. `no-email` has no
 * address to share, as when a provider does not release the email claim to the portal.
 */
const accounts: Record<
  string,
  { email?: string; email_verified?: boolean | string; given_name: string; family_name: string }
> = {
  ada: { email: 'ada@standalone.test', email_verified: 'true', given_name: 'Ada', family_name: 'Lovelace' },
  'no-email': { given_name: 'Nomail', family_name: 'Person' },
};

function claimsOf(accountId: string) {
  return (
    accounts[accountId] ?? {
      email: `${accountId.toLowerCase()}@standalone.test`,
      email_verified: true,
      given_name: accountId,
      family_name: 'Standalone',
    }
  );
}

async function main(): Promise<void> {
  const clientId = process.env.STANDALONE_PROVIDER_CLIENT_ID ?? 'dxp-portal';
  const portalUrls = (process.env.STANDALONE_PROVIDER_PORTAL_URLS ?? 'http://localhost:3000')
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);

  // It listens before the provider exists (the issuer names the port it got): until then every request is a 503,
  // which a readiness probe retries, rather than a connection left unanswered.
  let handle: ReturnType<Provider['callback']> | null = null;
  const server = createServer((request, response) => {
    if (handle) return void handle(request, response);
    response.writeHead(503).end();
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.STANDALONE_PROVIDER_PORT ?? 0), '127.0.0.1', resolve),
  );
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = process.env.STANDALONE_PROVIDER_SIGNING_KEY
    ? (JSON.parse(process.env.STANDALONE_PROVIDER_SIGNING_KEY) as JWK)
    : await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        redirect_uris: portalUrls.map((url) => `${url}/auth/callback`),
        post_logout_redirect_uris: portalUrls.map((url) => `${url}/`),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      {
        client_id: OTHER_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [OTHER_CLIENT_REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: await calculateJwkThumbprint(signingKey), alg: 'RS256', use: 'sig' }] },
    // The standard scopes' claims; `conformIdTokenClaims` stays at its default, so they go to userinfo only.
    claims: { email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: (_context, accountId) => ({
      accountId,
      claims: () => {
        const claims = claimsOf(accountId);
        return { sub: accountId, ...claims, name: `${claims.given_name} ${claims.family_name}` };
      },
    }),
    features: {
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: (_context, resource) => {
          if (resource !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: 'api:read',
            audience: API_RESOURCE,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  });
  handle = provider.callback();
  console.log(`${READY_LINE}${issuer}`);
}

await main();
