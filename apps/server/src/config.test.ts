import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createTestApp } from './test/app.js';
import { createTestServiceKey, errorCodeOf, graphqlRequest, signInTestUser } from './test/graphql.js';

describe('loadConfig', () => {
  it('defaults to PGlite and the built-in identity provider', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './.data' });
    expect(config.identity).toMatchObject({ kind: 'built-in', issuer: 'http://localhost:3000/idp' });
  });

  it('uses PostgreSQL and an external issuer when configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://127.0.0.1/test',
      OIDC_ISSUER: 'https://example.eu.auth0.com/',
      OIDC_CLIENT_ID: 'abc',
      OIDC_API_AUDIENCE: 'https://api.example.com',
      ADMIN_EMAIL: 'Ada@Example.com, grace@example.com',
    });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://127.0.0.1/test' });
    expect(config.identity).toMatchObject({
      kind: 'external',
      issuer: 'https://example.eu.auth0.com',
      clientId: 'abc',
      apiAudience: 'https://api.example.com',
    });
    expect(config.adminEmails).toEqual(['ada@example.com', 'grace@example.com']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ OIDC_ISSUER: 'https://issuer.example.com' }, 'OIDC_CLIENT_ID'],
    // Without an issuer the built-in provider (and its open sign-up) would run instead of the one meant.
    [{ OIDC_CLIENT_ID: 'abc' }, 'OIDC_ISSUER'],
    [{ OIDC_ORGANIZATION: 'org_acme' }, 'OIDC_ISSUER'],
    [{ OIDC_API_AUDIENCE: 'https://api.example.com' }, 'OIDC_ISSUER'],
    [{ OIDC_ISSUER: 'https://issuer.example.com/?tenant=a', OIDC_CLIENT_ID: 'abc' }, 'OIDC_ISSUER'],
    [{ NODE_ENV: 'production', OIDC_ISSUER: 'http://issuer.example.com', OIDC_CLIENT_ID: 'abc' }, 'OIDC_ISSUER'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ GTM_ID: 'UA-1' }, 'GTM_ID'],
    [{ DATADOG_SITE: 'datadoghq.com; script-src *' }, 'DATADOG_SITE'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('refuses %o naming %s', (environment, variable) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(new RegExp(variable));
  });
});

describe('an external identity provider', () => {
  it('stops at OIDC_AUDIENCE, which used to validate the ID token, and says what to set instead', () => {
    const environment = {
      OIDC_ISSUER: 'https://example.eu.auth0.com',
      OIDC_CLIENT_ID: 'abc',
      OIDC_AUDIENCE: 'https://api.example.com',
    };
    expect(() => loadConfig(environment)).toThrow(/OIDC_AUDIENCE .*OIDC_CLIENT_ID.*OIDC_API_AUDIENCE/);
  });

  it('checks the ID token against the client id, and asks for an API audience only when one is set', () => {
    const identity = loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'abc' }).identity;
    expect(identity).toMatchObject({ kind: 'external', clientId: 'abc', apiAudience: undefined });
    expect(identity).not.toHaveProperty('audience');
  });

  it('takes an http issuer on this machine in production (a provider beside the portal)', () => {
    for (const issuer of ['http://localhost:8080/realms/dxp', 'http://127.0.0.1:9000', 'http://[::1]:9000']) {
      expect(loadConfig({ NODE_ENV: 'production', OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'abc' }).identity.issuer).toBe(
        issuer,
      );
    }
  });
});

describe('trusted proxies', () => {
  it('trusts only proxies on the local and private networks by default', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback,linklocal,uniquelocal');
  });

  it('takes an explicit list, or true and false', () => {
    expect(loadConfig({ TRUST_PROXY: '203.0.113.10, 10.0.0.0/8' }).trustProxy).toBe('203.0.113.10, 10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

describe('API8:2023 security misconfiguration (ASVS V13.4.2, V4.3.2) – NODE_ENV=production alone hardens the API', () => {
  it('enforces trusted documents by default; only GRAPHQL_TRUSTED_DOCUMENTS=off turns them off', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ isProduction: true, enforceTrustedDocuments: true });
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_TRUSTED_DOCUMENTS: 'off' }).enforceTrustedDocuments).toBe(
      false,
    );
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      isProduction: false,
      enforceTrustedDocuments: false,
    });
  });

  it('refuses introspection, even to a service key, and hand-written documents from a browser token', async () => {
    const introspection = '{ __schema { queryType { name } } }';
    const productionApp = await createTestApp({ NODE_ENV: 'production' });
    try {
      const { user, accessToken } = await signInTestUser(productionApp);
      const serviceKey = await createTestServiceKey(productionApp, user);
      const introspected = await graphqlRequest(productionApp, { query: introspection, credential: serviceKey });
      expect(introspected.data).toBeUndefined();
      expect(introspected.errors?.[0]?.message).toMatch(/introspection/i);
      const handWritten = await graphqlRequest(productionApp, {
        query: 'query Explore { me { email } }',
        credential: accessToken,
      });
      expect(handWritten.status).toBe(400);
      expect(errorCodeOf(handWritten)).toBe('INVALID_REQUEST');
    } finally {
      await productionApp.close();
    }
    const developmentApp = await createTestApp({ NODE_ENV: 'development' });
    try {
      const { accessToken } = await signInTestUser(developmentApp);
      const introspected = await graphqlRequest(developmentApp, { query: introspection, credential: accessToken });
      expect(introspected.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    } finally {
      await developmentApp.close();
    }
  });
});
