import type { SigninRedirectArgs, SignoutRedirectArgs, User as ProviderUser } from 'oidc-client-ts';

/** The authenticated user as GET /api/auth/userinfo returns it (docs/api.md). */
export type SessionUser = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  lastLogin: string | null;
  primaryPhone: string | null;
  isSystemAdmin: boolean;
  ordwayCustomerId: string | null;
  roles: string[];
  /** False until the user accepts the current terms of service; the route guard shows them first. */
  hasAcceptedCurrentTerms: boolean;
  /** False until the person proves their address; the shell asks them to (invites and ADMIN_EMAIL wait for it). */
  isEmailVerified?: boolean;
};

export type SessionState = { status: 'unauthenticated'; user: null } | { status: 'authenticated'; user: SessionUser };

/** The part of oidc-client-ts's UserManager the session relies on. */
export type IdentityProvider = {
  signinRedirect(args?: SigninRedirectArgs): Promise<void>;
  signinRedirectCallback(url?: string): Promise<ProviderUser>;
  signinSilent(): Promise<ProviderUser | null>;
  signoutRedirect(args?: SignoutRedirectArgs): Promise<void>;
  getUser(): Promise<ProviderUser | null>;
  removeUser(): Promise<void>;
};

export const sessionStorageKeys = {
  accessToken: 'dxp:access_token',
  accessTokenExpiry: 'dxp:access_token_expiry',
} as const;

/** Messages of docs/spec.md §8; tests and screens match on them. */
export const sessionErrorMessages = {
  tokenExchangeFailed: 'Failed to fetch access token',
  userInfoFailed: 'Failed to fetch user info',
  accessTokenMissing: 'Access token is not available',
  unauthorized: 'Unauthorized',
  invalidState: 'Invalid state',
} as const;

export class SessionError extends Error {
  override name = 'SessionError';
}

/**
 * A renewal that got no answer (offline, or cut short because the page navigated on) or a server's error: it says
 * nothing about the session, which is kept.
 */
export class SessionUnansweredError extends SessionError {
  override name = 'SessionUnansweredError';
}

/** A sign-in the identity provider refused or that could not be matched to this browser. */
export class SignInError extends Error {
  override name = 'SignInError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type SessionOptions = {
  /** Loaded on first use so the OIDC library stays out of the initial bundle. */
  loadIdentityProvider: () => Promise<IdentityProvider>;
  fetch?: typeof fetch;
  storage?: Storage;
  /** The browser's Web Locks (`navigator.locks`), shared by the origin's tabs; without them, no lock is taken. */
  locks?: Pick<LockManager, 'request'>;
};

/** What POST /api/auth/login and /api/auth/refresh answer (docs/api.md). */
type TokenExchangeAnswer = {
  access_token?: string;
  expires_at?: number;
  error?: { code?: string; message?: string; reason?: string };
};

/** Kept by oidc-client-ts across the redirect: where to go afterwards, and the nonce this browser sent. */
type SignInState = { returnTo?: string; nonce?: string };

/** A fresh random nonce per authorization request; the portal accepts the ID token only with it (docs/api.md). */
function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const unauthenticated: SessionState = { status: 'unauthenticated', user: null };

/**
 * The session state machine of docs/spec.md §4: sign-in through the identity provider, exchange of its
 * ID token for our access token, user info with one silent refresh on 401, and logout.
 */
export class Session {
  private state: SessionState = unauthenticated;
  private readonly listeners = new Set<() => void>();
  private identityProvider: Promise<IdentityProvider> | undefined;
  private pendingRefresh: Promise<string> | undefined;
  private readonly fetch: typeof fetch;
  private readonly storage: Storage;

  constructor(private readonly options: SessionOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.storage = options.storage ?? localStorage;
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getAccessToken(): string | null {
    return this.storage.getItem(sessionStorageKeys.accessToken);
  }

  /**
   * At start-up: a stored access token becomes a signed-in session if the user can still be loaded. Answers whether a
   * stored session stayed unchecked (no answer, a server error, a rate limit): its tokens are kept, and the visitor
   * starts signed out until the next load.
   */
  async restore(): Promise<{ isKeptUnchecked: boolean }> {
    if (!this.getAccessToken()) {
      return { isKeptUnchecked: false };
    }
    try {
      await this.loadUser();
      return { isKeptUnchecked: false };
    } catch {
      // loadUser cleared the stored tokens when the portal refused them, and kept them otherwise.
      return { isKeptUnchecked: this.getAccessToken() !== null };
    }
  }

  async signIn(returnTo?: string): Promise<void> {
    const identityProvider = await this.getIdentityProvider();
    const nonce = createNonce();
    await identityProvider.signinRedirect({ nonce, state: { returnTo, nonce } satisfies SignInState });
  }

  /**
   * Starts sign-in asking for the registration page: `screen_hint=signup` is Auth0's hint, and
   * providers that ignore it show sign-in, which links to sign-up (the built-in one does).
   * `prompt=create` is not used: providers without it, the built-in one included, refuse the request.
   */
  async signUp(returnTo?: string): Promise<void> {
    const identityProvider = await this.getIdentityProvider();
    const nonce = createNonce();
    await identityProvider.signinRedirect({
      extraQueryParams: { screen_hint: 'signup' },
      nonce,
      state: { returnTo, nonce } satisfies SignInState,
    });
  }

  /** Finishes the redirect sign-in on /auth/callback and returns where the user was heading. */
  async completeSignIn(callbackUrl: string): Promise<SignInState> {
    const identityProvider = await this.getIdentityProvider();
    let providerUser: ProviderUser;
    try {
      providerUser = await identityProvider.signinRedirectCallback(callbackUrl);
    } catch (error) {
      const signInError = toSignInError(error);
      if (signInError.code === 'login_required') {
        await this.endLocally();
      }
      throw signInError;
    }
    if (!providerUser.id_token) {
      throw new SessionError(sessionErrorMessages.tokenExchangeFailed);
    }
    // The nonce this browser sent (oidc-client-ts has checked the token carries it); the portal compares again.
    // The provider's access token lets the portal read from userinfo what a slim ID token leaves out.
    const { nonce } = (providerUser.state ?? {}) as SignInState;
    await this.exchangeToken(
      '/api/auth/login',
      providerUser.id_token,
      nonce ? { nonce, providerAccessToken: providerUser.access_token || undefined } : undefined,
    );
    await this.loadUser();
    return providerUser.state ?? {};
  }

  /**
   * GET /api/auth/userinfo; a 401 triggers one silent refresh and one retry. If the portal refuses the token or
   * answers no user, the stored tokens are cleared and the session ends. No answer (offline, a request cut short by
   * the next navigation), a server error (a 503 while the database is away) or a 429 (the address's rate limit, which
   * colleagues behind one office address share) says nothing about the session: the tokens stay for the next load.
   */
  async loadUser(): Promise<SessionUser> {
    const firstResponse = await this.requestUserInfo().catch((error: unknown) => {
      if (error instanceof SessionError) throw error;
      throw new SessionError(sessionErrorMessages.userInfoFailed);
    });
    if (saysNothingAboutSession(firstResponse)) {
      throw new SessionError(sessionErrorMessages.userInfoFailed);
    }
    let response = firstResponse;
    try {
      if (response.status === 401) {
        await this.refreshAccessToken();
        response = await this.requestUserInfo();
      }
      if (!response.ok) {
        throw new SessionError(sessionErrorMessages.userInfoFailed);
      }
      const user = (await response.json()) as SessionUser | null;
      if (!user?.id) {
        throw new SessionError(sessionErrorMessages.userInfoFailed);
      }
      this.setState({ status: 'authenticated', user });
      return user;
    } catch (error) {
      // A renewal without an answer, or a retry that meets a busy or limited server, keeps the (renewed) tokens.
      if (!(error instanceof SessionUnansweredError) && !saysNothingAboutSession(response)) await this.endLocally();
      throw error;
    }
  }

  /**
   * Renews the provider tokens silently and trades the fresh ID token and our expired access token
   * for a new access token. Concurrent callers share one refresh.
   */
  refreshAccessToken(): Promise<string> {
    this.pendingRefresh ??= this.refreshOnceAcrossTabs().finally(() => {
      this.pendingRefresh = undefined;
    });
    return this.pendingRefresh;
  }

  /**
   * The origin's tabs share the tokens, and the provider spends a refresh token at its first use: a second use ends
   * the whole sign-in. So one tab at a time renews, and a tab that waited for another takes the token it stored.
   */
  private async refreshOnceAcrossTabs(): Promise<string> {
    const expiredToken = this.getAccessToken();
    const renew = async () => {
      const stored = this.getAccessToken();
      return stored && stored !== expiredToken ? stored : this.performRefresh();
    };
    const locks = this.options.locks ?? navigator.locks;
    if (!locks) return renew();
    // Awaited here: TypeScript 5.9's DOM types give `request` the callback's promise wrapped in another.
    return await locks.request('dxp:token-renewal', renew);
  }

  /**
   * Ends the portal session (its tokens stop working everywhere), clears our state and tokens, then ends the
   * provider session and returns to the site origin.
   */
  async signOut(): Promise<void> {
    const identityProvider = await this.getIdentityProvider();
    const providerUser = await identityProvider.getUser();
    await this.endPortalSession();
    await this.endLocally();
    await identityProvider.signoutRedirect(
      providerUser?.id_token ? { id_token_hint: providerUser.id_token } : undefined,
    );
  }

  /** Forgets the session in this browser only (expired refresh, provider `login_required`). */
  async endLocally(): Promise<void> {
    this.storage.removeItem(sessionStorageKeys.accessToken);
    this.storage.removeItem(sessionStorageKeys.accessTokenExpiry);
    this.setState(unauthenticated);
    if (this.identityProvider) {
      const identityProvider = await this.identityProvider;
      await identityProvider.removeUser();
    }
  }

  /** POST /api/auth/logout; a failure (offline, already ended) does not stop signing out here. */
  private async endPortalSession(): Promise<void> {
    const accessToken = this.getAccessToken();
    if (!accessToken) return;
    await this.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    }).catch(() => undefined);
  }

  private async performRefresh(): Promise<string> {
    const expiredToken = this.getAccessToken();
    try {
      const identityProvider = await this.getIdentityProvider();
      // Renewal needs the provider's refresh token; without one the only other way is a hidden
      // iframe, which a provider that forbids framing would leave hanging until it times out.
      if (!(await identityProvider.getUser())?.refresh_token) {
        throw new SessionError(sessionErrorMessages.unauthorized);
      }
      const providerUser = await identityProvider.signinSilent();
      if (!expiredToken || !providerUser?.id_token) {
        throw new SessionError(sessionErrorMessages.unauthorized);
      }
      return await this.exchangeToken(
        `/api/auth/refresh?${new URLSearchParams({ expiredToken })}`,
        providerUser.id_token,
      );
    } catch (error) {
      // Refused: by us (no refresh token, no ID token), by the portal, or by the provider (an OAuth error answer).
      const isRefused =
        (error instanceof SessionError && !(error instanceof SessionUnansweredError)) ||
        error instanceof SignInError ||
        (error instanceof Error && 'error' in error && typeof error.error === 'string');
      if (isRefused) throw new SessionError(sessionErrorMessages.unauthorized);
      throw new SessionUnansweredError(sessionErrorMessages.tokenExchangeFailed);
    }
  }

  private async exchangeToken(
    path: string,
    providerIdToken: string,
    body?: { nonce: string; providerAccessToken?: string | undefined },
  ): Promise<string> {
    const response = await this.fetch(path, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${providerIdToken}`,
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).catch(() => undefined);
    const answer = (await response?.json().catch(() => null)) as TokenExchangeAnswer | null | undefined;
    const token = response?.ok ? answer : null;
    if (!token?.access_token) {
      // The portal says why it refused a sign-in (docs/api.md): the person reads it, the reason is the code.
      const refusal = answer?.error;
      if (refusal?.reason && refusal.message) throw new SignInError(refusal.reason, refusal.message);
      if (!response || saysNothingAboutSession(response)) {
        throw new SessionUnansweredError(sessionErrorMessages.tokenExchangeFailed);
      }
      throw new SessionError(sessionErrorMessages.tokenExchangeFailed);
    }
    this.storage.setItem(sessionStorageKeys.accessToken, token.access_token);
    if (token.expires_at) {
      this.storage.setItem(sessionStorageKeys.accessTokenExpiry, String(token.expires_at));
    }
    return token.access_token;
  }

  private requestUserInfo(): Promise<Response> {
    const accessToken = this.getAccessToken();
    if (!accessToken) {
      throw new SessionError(sessionErrorMessages.accessTokenMissing);
    }
    return this.fetch('/api/auth/userinfo', {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    });
  }

  private getIdentityProvider(): Promise<IdentityProvider> {
    this.identityProvider ??= this.options.loadIdentityProvider();
    return this.identityProvider;
  }

  private setState(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) {
      listener();
    }
  }
}

/** A server error (a 503 while the database is away) or a 429 (a rate limit shared by an office's address). */
function saysNothingAboutSession(response: Response): boolean {
  return response.status === 429 || response.status >= 500;
}

/** Maps oidc-client-ts callback failures to the sign-in errors of docs/spec.md §8. */
function toSignInError(error: unknown): SignInError {
  if (error instanceof Error && 'error' in error && typeof error.error === 'string') {
    const description =
      'error_description' in error && typeof error.error_description === 'string'
        ? error.error_description
        : error.error;
    return new SignInError(error.error, description);
  }
  if (error instanceof Error && /no matching state|no state in response/i.test(error.message)) {
    return new SignInError('state_mismatch', sessionErrorMessages.invalidState);
  }
  return new SignInError('request_error', error instanceof Error ? error.message : String(error));
}
