// @vitest-environment jsdom
import { ErrorResponse, type SigninRedirectArgs, User as ProviderUser } from 'oidc-client-ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiDouble, createIdentityProviderDouble, signedInUser, urlOf } from '@/test/api-double';
import { Session, sessionStorageKeys, SignInError } from './session';

function setUp() {
  const api = createApiDouble();
  const identityProvider = createIdentityProviderDouble();
  const session = new Session({ loadIdentityProvider: () => Promise.resolve(identityProvider), fetch: api.fetch });
  return { api, identityProvider, session };
}

/** Web Locks as an origin's tabs share them (jsdom has none): one holder of a name at a time, the others in turn. */
function originLocks(): Pick<LockManager, 'request'> {
  let released = Promise.resolve();
  const request = (_name: string, callback: () => Promise<unknown>) => {
    const held = released.then(callback);
    released = held.then(
      () => undefined,
      () => undefined,
    );
    return held;
  };
  return { request: request as LockManager['request'] };
}

async function signedInSession() {
  const context = setUp();
  await context.session.completeSignIn('http://portal.test/auth/callback?code=c&state=s');
  context.api.requests.length = 0;
  return context;
}

describe('Session', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('starts signed out, and stays so at start-up without a stored token', async () => {
    const { session, api } = setUp();
    expect(await session.restore()).toEqual({ isKeptUnchecked: false });
    expect(session.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(api.requests).toEqual([]);
  });

  it('signs in: exchanges the provider ID token, stores our token and loads the user', async () => {
    const { session, api } = setUp();
    const { returnTo } = await session.completeSignIn('http://portal.test/auth/callback?code=c&state=s');

    expect(returnTo).toBe('/teams/acme/home');
    expect(api.requests).toEqual(['POST /api/auth/login', 'GET /api/auth/userinfo']);
    const loginInit = api.fetch.mock.calls[0]?.[1];
    expect(new Headers(loginInit?.headers).get('authorization')).toBe('Bearer provider-id-token');
    // The provider's access token reads userinfo at the portal when the ID token lacks email or names.
    expect(JSON.parse(loginInit?.body as string)).toEqual({
      nonce: 'nonce-1',
      providerAccessToken: 'provider-access-token',
    });
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-1');
    expect(localStorage.getItem(sessionStorageKeys.accessTokenExpiry)).toBe('1790000001');
    expect(session.getState()).toEqual({ status: 'authenticated', user: signedInUser });
  });

  it('notifies subscribers when the state changes', async () => {
    const { session } = setUp();
    const states: string[] = [];
    session.subscribe(() => states.push(session.getState().status));
    await session.completeSignIn('http://portal.test/auth/callback');
    await session.endLocally();
    expect(states).toEqual(['authenticated', 'unauthenticated']);
  });

  it('fails with "Failed to fetch access token" when the exchange is refused', async () => {
    const { session, api } = setUp();
    api.rejectProviderTokens();
    await expect(session.completeSignIn('http://portal.test/auth/callback')).rejects.toThrow(
      'Failed to fetch access token',
    );
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
  });

  it.each([
    { status: 401, code: 'AUTH_NOT_AUTHENTICATED', reason: 'email_missing' },
    // The portal could not reach the provider's discovery document: a server error that still says why.
    { status: 503, code: 'SERVICE_UNAVAILABLE', reason: 'discovery' },
  ])(
    'shows what the portal says when it refuses the sign-in, with its reason as the code ($status)',
    async (answer) => {
      const { api, identityProvider } = setUp();
      const refusal = { code: answer.code, message: 'Tell your administrator.', reason: answer.reason };
      const session = new Session({
        loadIdentityProvider: () => Promise.resolve(identityProvider),
        fetch: (input, init) =>
          urlOf(input) === '/api/auth/login'
            ? Promise.resolve(Response.json({ error: refusal }, { status: answer.status }))
            : api.fetch(input, init),
      });
      const failure = session.completeSignIn('http://portal.test/auth/callback');
      await expect(failure).rejects.toBeInstanceOf(SignInError);
      await expect(failure).rejects.toMatchObject({ code: answer.reason, message: refusal.message });
      expect(session.getState().status).toBe('unauthenticated');
    },
  );

  it('reports a state mismatch on the callback as "Invalid state"', async () => {
    const { session, identityProvider } = setUp();
    identityProvider.signinRedirectCallback.mockRejectedValueOnce(new Error('No matching state found in storage'));
    const failure = session.completeSignIn('http://portal.test/auth/callback?code=c&state=forged');
    await expect(failure).rejects.toThrow('Invalid state');
    await expect(failure).rejects.toBeInstanceOf(SignInError);
  });

  it('passes on the provider’s error and description from the callback', async () => {
    const { session, identityProvider } = setUp();
    identityProvider.signinRedirectCallback.mockRejectedValueOnce(
      new ErrorResponse({ error: 'access_denied', error_description: 'The user cancelled the sign-in.' }),
    );
    await expect(session.completeSignIn('http://portal.test/auth/callback?error=access_denied')).rejects.toMatchObject({
      code: 'access_denied',
      message: 'The user cancelled the sign-in.',
    });
  });

  it('ends the local session when the provider answers login_required', async () => {
    const { session, identityProvider } = await signedInSession();
    identityProvider.signinRedirectCallback.mockRejectedValueOnce(new ErrorResponse({ error: 'login_required' }));
    await expect(session.completeSignIn('http://portal.test/auth/callback?error=login_required')).rejects.toMatchObject(
      {
        code: 'login_required',
      },
    );
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
  });

  it('restores a stored session at start-up, as after a page reload', async () => {
    const { api } = await signedInSession();
    const session = new Session({
      loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
      fetch: api.fetch,
    });
    expect(await session.restore()).toEqual({ isKeptUnchecked: false });
    expect(session.getState()).toEqual({ status: 'authenticated', user: signedInUser });
  });

  it('refreshes once on a 401 from user info, then retries with the new token', async () => {
    const { session, api, identityProvider } = await signedInSession();
    api.expireAccessTokens();

    await session.loadUser();

    expect(identityProvider.signinSilent).toHaveBeenCalledOnce();
    expect(api.requests).toEqual([
      'GET /api/auth/userinfo',
      'POST /api/auth/refresh?expiredToken=access-token-1',
      'GET /api/auth/userinfo',
    ]);
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-2');
    expect(session.getState().status).toBe('authenticated');
  });

  it('clears the stored tokens and signs out when the refresh fails', async () => {
    const { session, api } = await signedInSession();
    api.expireAccessTokens();
    api.rejectProviderTokens();

    await expect(session.loadUser()).rejects.toThrow('Unauthorized');
    expect(api.requests.filter((request) => request.startsWith('GET /api/auth/userinfo'))).toHaveLength(1);
    expect(session.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(sessionStorageKeys.accessTokenExpiry)).toBeNull();
  });

  it('ends the session at once, without trying a silent renewal, when the provider left no refresh token', async () => {
    const { session, api, identityProvider } = await signedInSession();
    api.expireAccessTokens();
    identityProvider.getUser.mockResolvedValue(null as never);

    await expect(session.loadUser()).rejects.toThrow('Unauthorized');
    expect(identityProvider.signinSilent).not.toHaveBeenCalled();
    expect(session.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
  });

  it('fails with "Failed to fetch user info" and keeps the tokens when the server errs', async () => {
    const { session, api } = await signedInSession();
    api.failUserInfo();
    await expect(session.loadUser()).rejects.toThrow('Failed to fetch user info');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-1');
    expect(localStorage.getItem(sessionStorageKeys.accessTokenExpiry)).toBe('1790000001');
  });

  it('keeps the tokens when the portal asks to slow down (many colleagues behind one address)', async () => {
    const { api } = await signedInSession();
    const session = new Session({
      loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
      fetch: (input, init) =>
        urlOf(input) === '/api/auth/userinfo'
          ? Promise.resolve(Response.json({ error: { code: 'RATE_LIMITED' } }, { status: 429 }))
          : api.fetch(input, init),
    });
    await expect(session.loadUser()).rejects.toThrow('Failed to fetch user info');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-1');
  });

  it('keeps the renewed tokens when the retry after a refresh is asked to slow down', async () => {
    const { api, identityProvider } = await signedInSession();
    api.expireAccessTokens();
    let userInfoRequests = 0;
    const session = new Session({
      loadIdentityProvider: () => Promise.resolve(identityProvider),
      fetch: (input, init) =>
        urlOf(input) === '/api/auth/userinfo' && ++userInfoRequests === 2
          ? Promise.resolve(Response.json({ error: { code: 'RATE_LIMITED' } }, { status: 429 }))
          : api.fetch(input, init),
    });
    await expect(session.loadUser()).rejects.toThrow('Failed to fetch user info');
    expect(userInfoRequests).toBe(2);
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-2');
  });

  it('keeps the tokens when the renewal gets no answer, as when the page navigates on during it', async () => {
    const { session, api, identityProvider } = await signedInSession();
    api.expireAccessTokens();
    identityProvider.signinSilent.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(session.loadUser()).rejects.toThrow('Failed to fetch access token');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-1');
    expect(identityProvider.removeUser).not.toHaveBeenCalled();
  });

  it('keeps the tokens when user info gets no answer, as when the next navigation cuts the request short', async () => {
    const { api } = await signedInSession();
    const session = new Session({
      loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
      fetch: (input, init) =>
        urlOf(input) === '/api/auth/userinfo'
          ? Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))
          : api.fetch(input, init),
    });
    expect(await session.restore()).toEqual({ isKeptUnchecked: true });
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-1');
  });

  it('says at start-up that a stored session stayed unchecked when the server errs', async () => {
    const { api } = await signedInSession();
    const restoreOnce = () =>
      new Session({
        loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
        fetch: api.fetch,
      }).restore();
    api.failUserInfo();
    expect(await restoreOnce()).toEqual({ isKeptUnchecked: true });
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBe('access-token-1');
  });

  it('says nothing stayed unchecked at start-up when the portal refused the stored session', async () => {
    const { api } = await signedInSession();
    api.expireAccessTokens();
    api.rejectProviderTokens();
    const session = new Session({
      loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
      fetch: api.fetch,
    });
    expect(await session.restore()).toEqual({ isKeptUnchecked: false });
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
  });

  it('fails with "Failed to fetch user info" and clears the tokens when the answer holds no user', async () => {
    const { api } = await signedInSession();
    const session = new Session({
      loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
      fetch: (input, init) =>
        urlOf(input) === '/api/auth/userinfo' ? Promise.resolve(Response.json(null)) : api.fetch(input, init),
    });
    await expect(session.loadUser()).rejects.toThrow('Failed to fetch user info');
    expect(session.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
  });

  it('fails with "Access token is not available" when asked for the user without a token', async () => {
    const { session } = setUp();
    await expect(session.loadUser()).rejects.toThrow('Access token is not available');
  });

  it('shares one refresh between concurrent callers', async () => {
    const { session, api, identityProvider } = await signedInSession();
    api.expireAccessTokens();
    const tokens = await Promise.all([session.refreshAccessToken(), session.refreshAccessToken()]);
    expect(tokens).toEqual(['access-token-2', 'access-token-2']);
    expect(identityProvider.signinSilent).toHaveBeenCalledOnce();
  });

  it('renews once for two tabs whose token expired at once: the tab that waited takes the token the other stored', async () => {
    const { api, identityProvider } = await signedInSession();
    const locks = originLocks();
    const tabs = [1, 2].map(
      () => new Session({ loadIdentityProvider: () => Promise.resolve(identityProvider), fetch: api.fetch, locks }),
    );
    api.expireAccessTokens();
    const tokens = await Promise.all(tabs.map((tab) => tab.refreshAccessToken()));
    expect(tokens).toEqual(['access-token-2', 'access-token-2']);
    // A second renewal would spend the provider's refresh token again, which ends the whole sign-in.
    expect(identityProvider.signinSilent).toHaveBeenCalledOnce();
    expect(api.requests.filter((request) => request.startsWith('POST /api/auth/refresh'))).toHaveLength(1);
  });

  it('signs out: ends the portal session, clears state and tokens, then ends the provider session with an id_token_hint', async () => {
    const { session, identityProvider, api } = await signedInSession();
    await session.signOut();
    expect(api.requests).toEqual(['POST /api/auth/logout']);
    expect(new Headers(api.fetch.mock.calls.at(-1)?.[1]?.headers).get('authorization')).toBe('Bearer access-token-1');
    expect(session.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(localStorage.getItem(sessionStorageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(sessionStorageKeys.accessTokenExpiry)).toBeNull();
    expect(identityProvider.removeUser).toHaveBeenCalled();
    expect(identityProvider.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'provider-id-token' });
  });

  it('asks the provider for its sign-up page and keeps where the user was going', async () => {
    const { session, identityProvider } = setUp();
    await session.signIn('/account/billing');
    await session.signUp();
    const [[signIn], [signUp]] = identityProvider.signinRedirect.mock.calls as unknown as [
      [SigninRedirectArgs],
      [SigninRedirectArgs],
    ];
    // Each request carries a fresh nonce, kept in its state for the token exchange.
    expect(signIn.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(signIn).toEqual({ nonce: signIn.nonce, state: { returnTo: '/account/billing', nonce: signIn.nonce } });
    expect(signUp.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(signUp).toEqual({
      extraQueryParams: { screen_hint: 'signup' },
      nonce: signUp.nonce,
      state: { returnTo: undefined, nonce: signUp.nonce },
    });
    expect(signUp.nonce).not.toBe(signIn.nonce);
  });

  it('sends the nonce it used, not one read from the token, and none when its state has none', async () => {
    const { session, api, identityProvider } = setUp();
    identityProvider.signinRedirectCallback.mockResolvedValueOnce(
      new ProviderUser({
        id_token: 'provider-id-token',
        access_token: 'provider-access-token',
        token_type: 'Bearer',
        profile: { sub: 'provider|ada', iss: 'http://portal.test/idp', aud: 'dxp-portal', exp: 0, iat: 0, nonce: 'n' },
        userState: { returnTo: '/' },
      }),
    );
    await expect(session.completeSignIn('http://portal.test/auth/callback')).resolves.toEqual({ returnTo: '/' });
    expect(api.fetch.mock.calls[0]?.[1]?.body).toBeUndefined();
  });
});
