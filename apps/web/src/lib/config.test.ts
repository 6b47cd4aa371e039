// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from './config';

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

describe('loadRuntimeConfig', () => {
  afterEach(() => document.getElementById('runtime-config')?.remove());

  function embed(text: string): void {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'runtime-config';
    element.textContent = text;
    document.head.append(element);
  }

  it('reads the settings the server wrote into the page, without a request', async () => {
    embed(JSON.stringify(served));
    const fetchSettings = vi.fn<typeof fetch>();
    await expect(loadRuntimeConfig(fetchSettings)).resolves.toEqual(served);
    expect(fetchSettings).not.toHaveBeenCalled();
  });

  it('asks GET /api/config when the page has none (the Vite dev server, a cached old page)', async () => {
    const fetchSettings = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(served)));
    await expect(loadRuntimeConfig(fetchSettings)).resolves.toEqual(served);
    expect(fetchSettings).toHaveBeenCalledWith('/api/config', expect.anything());
  });

  it('names the problem when the page holds settings that are not JSON or not valid', async () => {
    embed('{"environment":');
    await expect(loadRuntimeConfig(vi.fn<typeof fetch>())).rejects.toThrow(
      'Invalid runtime configuration: the page holds no JSON',
    );
    document.getElementById('runtime-config')?.remove();
    embed(JSON.stringify({ ...served, oidc: { ...served.oidc, clientId: '' } }));
    await expect(loadRuntimeConfig(vi.fn<typeof fetch>())).rejects.toThrow('oidc.clientId must be a non-empty string');
  });
});
