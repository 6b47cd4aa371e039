import { User as ProviderUser } from 'oidc-client-ts';
import { vi } from 'vitest';
import type { IdentityProvider, SessionUser } from '@/lib/session';

/** The address a fetch double was called with, whatever form it came in. */
export function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

export const signedInUser: SessionUser = {
  id: '7d1f6f55-6a0e-4d0b-9a55-0d6f8d1d8a01',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  lastLogin: '2026-11-21T10:00:00.000Z',
  primaryPhone: null,
  isSystemAdmin: false,
  ordwayCustomerId: null,
  roles: ['StandardUser'],
  hasAcceptedCurrentTerms: true,
};

type GraphQLResolver = (request: { operationName: string; variables: Record<string, unknown> }) => {
  status?: number;
  body: unknown;
};

/**
 * A stand-in for OUR API's token exchange and GraphQL endpoint, following docs/api.md: access
 * tokens are issued by login/refresh, expire on demand, and GraphQL answers AUTH_NOT_AUTHENTICATED
 * for a missing or expired one. The real server is covered by its own tests and the e2e suite.
 */
export function createApiDouble({
  resolveGraphQL,
  user = signedInUser,
}: { resolveGraphQL?: GraphQLResolver; user?: SessionUser } = {}) {
  const providerIdTokens = new Set(['provider-id-token', 'renewed-provider-id-token']);
  const issuedTokens = new Set<string>();
  const liveTokens = new Set<string>();
  const requests: string[] = [];
  let userInfoAvailable = true;

  function issueAccessToken() {
    const token = `access-token-${issuedTokens.size + 1}`;
    issuedTokens.add(token);
    liveTokens.add(token);
    return json(200, { access_token: token, expires_at: 1_790_000_000 + issuedTokens.size });
  }

  function respond(input: RequestInfo | URL, init: RequestInit = {}): Response {
    const url = new URL(urlOf(input), 'http://portal.test');
    const bearer = new Headers(init.headers).get('authorization')?.replace(/^Bearer /, '') ?? '';
    requests.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    switch (url.pathname) {
      case '/api/auth/login':
        return providerIdTokens.has(bearer) ? issueAccessToken() : notAuthenticated();
      case '/api/auth/refresh': {
        const expiredToken = url.searchParams.get('expiredToken') ?? '';
        return providerIdTokens.has(bearer) && issuedTokens.has(expiredToken) ? issueAccessToken() : notAuthenticated();
      }
      case '/api/auth/logout':
        if (!issuedTokens.has(bearer)) return notAuthenticated();
        liveTokens.delete(bearer);
        return new Response(null, { status: 204 });
      case '/api/auth/userinfo':
        if (!liveTokens.has(bearer)) return notAuthenticated();
        return userInfoAvailable
          ? json(200, user)
          : json(500, { error: { code: 'INTERNAL', message: 'Unexpected error' } });
      case '/graphql': {
        if (!liveTokens.has(bearer)) {
          return json(200, {
            errors: [{ message: 'Sign in to continue.', extensions: { code: 'AUTH_NOT_AUTHENTICATED' } }],
          });
        }
        const body = JSON.parse(init.body as string) as { operationName: string; variables: Record<string, unknown> };
        const answer = resolveGraphQL?.(body) ?? { body: { data: {} } };
        return json(answer.status ?? 200, answer.body);
      }
      default:
        return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  }
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => Promise.resolve(respond(input, init)));

  return {
    fetch,
    requests,
    /** Lets every access token issued so far expire, as an hour passing would. */
    expireAccessTokens: () => liveTokens.clear(),
    /** The provider no longer accepts the renewed ID token (e.g. the user was removed there). */
    rejectProviderTokens: () => providerIdTokens.clear(),
    failUserInfo: () => {
      userInfoAvailable = false;
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function notAuthenticated(): Response {
  return json(401, { error: { code: 'AUTH_NOT_AUTHENTICATED', message: 'Not authenticated' } });
}

function providerUser(idToken: string, extra: { state?: unknown; nonce?: string } = {}): ProviderUser {
  return new ProviderUser({
    id_token: idToken,
    access_token: 'provider-access-token',
    refresh_token: 'provider-refresh-token',
    token_type: 'Bearer',
    profile: {
      sub: 'provider|ada',
      iss: 'http://portal.test/idp',
      aud: 'dxp-portal',
      exp: 0,
      iat: 0,
      nonce: extra.nonce,
    },
    userState: extra.state,
  });
}

/** An identity provider that completes sign-in and silent renewal like oidc-client-ts would. */
export function createIdentityProviderDouble() {
  return {
    signinRedirect: vi.fn(async () => {}),
    signinRedirectCallback: vi.fn(() =>
      Promise.resolve(
        providerUser('provider-id-token', {
          state: { returnTo: '/teams/acme/home', nonce: 'nonce-1' },
          nonce: 'nonce-1',
        }),
      ),
    ),
    signinSilent: vi.fn(() => Promise.resolve(providerUser('renewed-provider-id-token'))),
    signoutRedirect: vi.fn(async () => {}),
    getUser: vi.fn(() => Promise.resolve(providerUser('provider-id-token'))),
    removeUser: vi.fn(async () => {}),
  } satisfies IdentityProvider;
}
