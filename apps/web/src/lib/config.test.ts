import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, RuntimeConfigError } from './config';

const served = {
  environment: 'development',
  oidc: {
    kind: 'built-in',
    authority: 'http://localhost:3000/idp',
    clientId: 'dxp-portal',
    audience: 'dxp-portal',
    redirectUri: 'http://localhost:3000/auth/callback',
    postLogoutRedirectUri: 'http://localhost:3000/',
    scope: 'openid profile email offline_access',
    organization: null,
  },
  monitoring: null,
  tagManagerId: null,
};

describe('parseRuntimeConfig', () => {
  it('accepts what the server serves', () => {
    expect(parseRuntimeConfig(served)).toEqual(served);
  });

  it('accepts monitoring and a tag manager when configured', () => {
    const config = parseRuntimeConfig({
      ...served,
      monitoring: { clientToken: 'pub123', site: 'datadoghq.eu', service: 'dxp-portal' },
      tagManagerId: 'GTM-ABC',
    });
    expect(config.monitoring?.site).toBe('datadoghq.eu');
    expect(config.tagManagerId).toBe('GTM-ABC');
  });

  it.each([
    [{ ...served, oidc: { ...served.oidc, authority: 'not a url' } }, 'oidc.authority must be an absolute URL'],
    [{ ...served, oidc: { ...served.oidc, clientId: '' } }, 'oidc.clientId must be a non-empty string'],
    [{ ...served, oidc: undefined }, 'oidc must be an object'],
    [{ ...served, monitoring: { clientToken: 'x', site: 'y' } }, 'monitoring.service must be a non-empty string'],
    ['<html>', 'config must be an object'],
  ])('names the field that is wrong', (value, message) => {
    expect(() => parseRuntimeConfig(value)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(value)).toThrow(message);
  });
});
