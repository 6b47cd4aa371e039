// @vitest-environment jsdom
import type { UserManager } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from './config';
import { createIdentityProvider } from './session-identity-provider';

const oidc: RuntimeConfig['oidc'] = {
  kind: 'external',
  authority: 'https://id.example.com',
  clientId: 'dxp-portal',
  audience: null,
  redirectUri: 'https://portal.example.com/auth/callback',
  postLogoutRedirectUri: 'https://portal.example.com/',
  scope: 'openid profile email offline_access',
  organization: null,
};

const extraQueryParamsOf = (settings: RuntimeConfig['oidc']) =>
  (createIdentityProvider(settings) as UserManager).settings.extraQueryParams;

describe('the identity provider of the sign-in redirect', () => {
  it('sends no audience unless the portal has an API audience (OIDC_API_AUDIENCE), and then as Auth0 names it', () => {
    expect(extraQueryParamsOf(oidc)).toEqual({});
    expect(extraQueryParamsOf({ ...oidc, audience: 'https://api.example.com', organization: 'org_1' })).toEqual({
      audience: 'https://api.example.com',
      organization: 'org_1',
    });
  });
});
