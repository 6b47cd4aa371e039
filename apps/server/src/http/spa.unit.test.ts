import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchPagePattern, registerSpa } from './spa.js';

const script = 'console.log("hello from a hashed asset");\n'.repeat(40);
/** What GET /api/config answers, with a value that tries to end the script element it is written into. */
const runtimeSettings = { environment: 'test', oidc: { organization: '</script><script>alert(1)</script>\u2028&' } };
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'dxp-spa-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>DXP Portal</title></head></html>');
  mkdirSync(join(root, '.vite'));
  writeFileSync(
    join(root, '.vite/route-preloads.json'),
    JSON.stringify({
      '/dashboard': ['/assets/_default-a1.js', '/assets/dashboard-b2.js'],
      '/teams/$slug/home': ['/assets/_default-a1.js', '/assets/team-home-c3.js'],
    }),
  );
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(join(root, 'assets/index-abc123.js'), script);
  writeFileSync(join(root, 'assets/index-abc123.js.gz'), gzipSync(script));
  app = Fastify();
  await registerSpa(app, root, { runtimeConfig: runtimeSettings });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the built SPA', () => {
  it('sends the gzip copy of a hashed asset to browsers that accept gzip, cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('sends the plain file to clients that do not accept gzip', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('answers 404 for an asset that is not there, never the page in its place', async () => {
    const response = await app.inject({ url: '/assets/index-gone000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>DXP Portal</title>');
  });

  it('answers 404 for an asset path that is not one plain file name (a folder, a dot file, an encoded climb)', async () => {
    writeFileSync(join(root, 'assets/.hidden'), 'not for browsers');
    for (const url of ['/assets/.hidden', '/assets/%2e%2e%2findex.html', '/assets/..%2Findex.html', '/assets/a/b.js']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('not for browsers');
      expect(response.body, url).not.toContain('<title>DXP Portal</title>');
    }
  });

  it('answers HEAD for an asset as for GET, without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('');
  });

  it('serves the files beside index.html, revalidated each time', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<svg/>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('looks assets up when asked rather than routing each file at start (a build has thousands)', async () => {
    // A file written after start is served: no route per file was made from a listing of the build.
    writeFileSync(join(root, 'assets/late-def456.js'), script);
    const response = await app.inject({ url: '/assets/late-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(script);
  });

  it('answers any page path with index.html, never cached without revalidation', async () => {
    const response = await app.inject({ url: '/teams/some-team/members' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>DXP Portal</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe("a page's HTML", () => {
  it("names the JavaScript of the address's routes as module preloads, before the head ends", async () => {
    const response = await app.inject({ url: '/teams/platform/home?tab=apps' });
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>DXP Portal</title>');
    const preloads = [...response.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
    expect(preloads.map(([, href]) => href)).toEqual(['/assets/_default-a1.js', '/assets/team-home-c3.js']);
    expect(response.body.indexOf('modulepreload')).toBeLessThan(response.body.indexOf('</head>'));
  });

  it('names none for an address no route matches, and still answers the page', async () => {
    const response = await app.inject({ url: '/teams/platform/home/extra' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>DXP Portal</title>');
    expect(response.body).not.toContain('modulepreload');
  });

  it('answers 304 to a browser that has the same page, and a changed page to one that has another', async () => {
    const first = await app.inject({ url: '/dashboard' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ url: '/dashboard', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherPage = await app.inject({ url: '/teams/platform/home', headers: { 'if-none-match': etag } });
    expect(otherPage.statusCode).toBe(200);
    expect(otherPage.headers.etag).not.toBe(etag);
  });
});

describe("a page's runtime settings", () => {
  it('are in the page, as GET /api/config answers them, so the first render waits for no request', async () => {
    const response = await app.inject({ url: '/dashboard' });
    const embedded = /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(response.body);
    expect(embedded, 'the runtime-config element').not.toBeNull();
    expect(JSON.parse(embedded![1]!)).toEqual(runtimeSettings);
    expect(response.body.indexOf('id="runtime-config"')).toBeLessThan(response.body.indexOf('</head>'));
  });

  it('cannot end their element or start markup, whatever a setting holds', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('matching a page address to the router pattern', () => {
  const patterns = ['/', '/teams/add', '/teams/$slug', '/teams/$slug/home', '/system'].map((pattern) => ({
    pattern,
    segments: pattern.split('/').filter(Boolean),
  }));

  it('prefers literal segments over parameters, as the router does', () => {
    expect(matchPagePattern(patterns, '/teams/add')).toBe('/teams/add');
    expect(matchPagePattern(patterns, '/teams/adding')).toBe('/teams/$slug');
    expect(matchPagePattern(patterns, '/teams/add/home')).toBe('/teams/$slug/home');
  });

  it('reads the path alone: a trailing slash, a query or a fragment change nothing', () => {
    expect(matchPagePattern(patterns, '/')).toBe('/');
    expect(matchPagePattern(patterns, '/system/?from=menu')).toBe('/system');
    expect(matchPagePattern(patterns, '/system#top')).toBe('/system');
    expect(matchPagePattern(patterns, '/systems')).toBeUndefined();
  });
});

describe('started by `npm start` while the web app builds', () => {
  it('registers the SPA only once told the build is done', async () => {
    vi.stubEnv('DXP_WEB_BUILD', 'pending');
    // Restored as it was: vitest's forked workers talk to their parent through it.
    const originalSend = Object.getOwnPropertyDescriptor(process, 'send');
    const sent: unknown[] = [];
    process.send = (message: unknown) => sent.push(message) > 0;
    const waiting = Fastify();
    try {
      let registered = false;
      const registering = registerSpa(waiting, root).then(() => {
        registered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sent).toEqual(['waiting-for-web-build']);
      process.emit('message', 'something else', undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(registered).toBe(false);

      process.emit('message', 'web-build-finished', undefined);
      await registering;
      expect((await waiting.inject({ url: '/dashboard' })).statusCode).toBe(200);
    } finally {
      if (originalSend) Object.defineProperty(process, 'send', originalSend);
      else delete process.send;
      vi.unstubAllEnvs();
      await waiting.close();
    }
  });
});
