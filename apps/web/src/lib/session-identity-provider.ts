import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { RuntimeConfig } from './config';
import type { IdentityProvider } from './session';

/** The standard redirect flow with PKCE (automatic for response_type=code). */
export function createIdentityProvider(oidc: RuntimeConfig['oidc']): IdentityProvider {
  return new UserManager({
    authority: oidc.authority,
    client_id: oidc.clientId,
    redirect_uri: oidc.redirectUri,
    post_logout_redirect_uri: oidc.postLogoutRedirectUri,
    scope: oidc.scope,
    response_type: 'code',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Keep `nonce` in the profile so the token exchange can send it for the server to check.
    filterProtocolClaims: ['nbf', 'jti', 'auth_time', 'acr', 'amr', 'azp', 'at_hash'],
    automaticSilentRenew: false,
    // `audience` is OIDC_API_AUDIENCE, for providers that issue an API access token only when asked (Auth0).
    extraQueryParams: {
      ...(oidc.organization ? { organization: oidc.organization } : {}),
      ...(oidc.audience ? { audience: oidc.audience } : {}),
    },
  });
}
