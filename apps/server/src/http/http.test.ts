import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import type { PublicConfig } from './public-config.js';

interface ErrorAnswer {
  error: { code: string; message: string };
}

interface SchemaAnswer {
  data: { __schema: { types: { name: string }[] } };
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('health and readiness', () => {
  it('reports liveness', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports ready once the database answers and migrations are applied', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'applied' });
  });
});

describe('unknown API paths', () => {
  it.each(['/api/nothing-here', '/api/auth/unknown', '/idp/not-a-route-x'])(
    'answers %s with a JSON 404',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json<ErrorAnswer>().error.code).toBe('NOT_FOUND');
    },
  );
});

describe('every response', () => {
  it('ASVS V3.4.3, V3.4.4, V3.4.6 – carries a request id and security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self'(;|$)/);
  });

  it("carries helmet's whole set of headers, recorded once at start, on an error answer too", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('reuses a request id sent by a proxy', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});

describe('response compression', () => {
  const postQuery = (query: string, acceptEncoding: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
      payload: JSON.stringify({ query }),
    });
  const largeQuery = '{ __schema { types { name description } } }';

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('sends a large answer %s-compressed to a client that accepts it', async (encoding, decompress) => {
    const response = await postQuery(largeQuery, encoding);
    expect(response.headers['content-encoding']).toBe(encoding);
    const body = JSON.parse(decompress(response.rawPayload).toString('utf8')) as SchemaAnswer;
    expect(body.data.__schema.types.length).toBeGreaterThan(20);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);
  });

  it('sends small answers, and answers to clients that do not ask, as they are', async () => {
    const small = await postQuery('{ __typename }', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: { __typename: 'Query' } });
    const plain = await postQuery(largeQuery, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<SchemaAnswer>().data.__schema.types.length).toBeGreaterThan(20);
  });
});

describe('public configuration', () => {
  it('API3:2023 excessive data exposure – exposes the identity provider settings and nothing secret', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    const body = response.json<PublicConfig>();
    expect(body.oidc).toMatchObject({
      kind: 'built-in',
      authority: 'http://localhost:3999/idp',
      clientId: 'dxp-portal',
      audience: null,
      redirectUri: 'http://localhost:3999/auth/callback',
      scope: 'openid profile email offline_access',
    });
    expect(body.monitoring).toBeNull();
    expect(body.tagManagerId).toBeNull();
  });
});

describe('ASVS V4.1.3, V15.3.4 – client addresses behind proxies', () => {
  let limitedApp: TestApp;
  beforeAll(async () => {
    // One sign-in a minute: five token exchanges per client address, then 429.
    limitedApp = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1' });
  });
  afterAll(async () => {
    await limitedApp.close();
  });

  const statusesOfSixExchanges = async (remoteAddress: string) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await limitedApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('ignores X-Forwarded-For from an untrusted peer, so a forged header cannot dodge rate limits', async () => {
    expect(await statusesOfSixExchanges('203.0.113.5')).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('believes X-Forwarded-For from a proxy on the private network', async () => {
    expect(await statusesOfSixExchanges('10.0.0.2')).toEqual([401, 401, 401, 401, 401, 401]);
  });
});
