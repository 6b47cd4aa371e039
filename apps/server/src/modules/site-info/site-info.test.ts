import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { isLoopbackAddress, isPublicAddress } from './address-policy.js';
import { lookUpSiteInfo, SITE_INFO_MAX_BODY_BYTES } from './site-info.service.js';

/** A local server that must never be reached: it counts every connection made to it. */
let forbiddenServer: http.Server;
let forbiddenPort: number;
let forbiddenConnections = 0;

/** The test page server; loopback on its port only is allowed through the test-only setting. */
let pageServer: http.Server;
let pagePort: number;
let hugeBodyBytesSent = 0;

let testApp: TestApp;
let caller: SignedInUser;

const siteInfoQuery = 'query GetSiteInfo($url: String!) { siteInfo(url: $url) { title faviconUrl } }';
const pageUrl = (path: string) => `http://127.0.0.1:${pagePort}${path}`;

function servePage(request: http.IncomingMessage, response: http.ServerResponse): void {
  const path = request.url ?? '/';
  const html = (head: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head>${head}</head><body>Hello</body></html>`);
  };
  if (path === '/page') {
    return html(
      '<title>\n  Ada &amp; Co <b>Portal</b> &#x2014; home </title><link rel="shortcut icon" href="/static/icon.png">',
    );
  }
  if (path === '/no-icon') return html('<title>No icon</title><link rel="stylesheet" href="/site.css">');
  if (path === '/script-icon') return html('<title>Script</title><link rel="icon" href="javascript:alert(1)">');
  if (path === '/long-title') return html(`<title>${'x'.repeat(500)}</title>`);
  if (path === '/latin1') {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(Buffer.from('<meta charset="iso-8859-1"><title>Caf\u00e9</title>', 'latin1'));
    return;
  }
  if (path === '/image') {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end('not really a png');
    return;
  }
  if (path === '/missing') {
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<title>Not found</title>');
    return;
  }
  if (path === '/to-forbidden') {
    response.writeHead(302, { location: `http://127.0.0.1:${forbiddenPort}/` });
    response.end();
    return;
  }
  if (path === '/to-file') {
    response.writeHead(301, { location: 'file:///etc/passwd' });
    response.end();
    return;
  }
  const hop = /^\/chain\/(\d+)$/.exec(path);
  if (hop) {
    const remaining = Number(hop[1]);
    if (remaining === 0) return html('<title>End of the chain</title>');
    response.writeHead(307, { location: `/chain/${remaining - 1}` });
    response.end();
    return;
  }
  if (path === '/slow') {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write('<html><head>');
    const trickle = setInterval(() => response.write(' '), 200);
    response.on('close', () => clearInterval(trickle));
    return;
  }
  if (path === '/huge') {
    response.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const total = 50 * 1024 * 1024;
    response.write('<html><head><title>Huge page</title></head><body>');
    const writeMore = () => {
      while (hugeBodyBytesSent < total && !response.destroyed) {
        hugeBodyBytesSent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', writeMore);
      }
      if (!response.destroyed) response.end('</body></html>');
    };
    writeMore();
    return;
  }
  response.writeHead(404);
  response.end();
}

async function listenOnLoopback(server: http.Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  forbiddenServer = http.createServer((_request, response) => response.end('<title>secret</title>'));
  forbiddenServer.on('connection', () => forbiddenConnections++);
  forbiddenPort = await listenOnLoopback(forbiddenServer);
  pageServer = http.createServer(servePage);
  pagePort = await listenOnLoopback(pageServer);
  testApp = await createTestApp({ TEST_ONLY_SITE_INFO_LOOPBACK_PORTS: String(pagePort) });
  caller = await signInTestUser(testApp);
});
afterAll(async () => {
  await testApp.close();
  pageServer.closeAllConnections();
  forbiddenServer.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => pageServer.close(resolve)),
    new Promise((resolve) => forbiddenServer.close(resolve)),
  ]);
});

let clientAddressCount = 0;

/** Each call from a client address of its own, so the per-address limit stays out of the way but for its own test. */
async function siteInfo(url: string, clientAddress = `203.0.113.${++clientAddressCount}`) {
  return graphqlRequest<{ siteInfo: { title: string | null; faviconUrl: string | null } }>(testApp, {
    query: siteInfoQuery,
    variables: { url },
    credential: caller.accessToken,
    headers: { 'x-forwarded-for': clientAddress },
  });
}

describe('API7:2023 SSRF (ASVS V1.3.6) – address policy', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '::1',
    '0.0.0.0',
    '::',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    'fe80::1',
    '100.64.0.1',
    '100.100.100.200',
    '224.0.0.1',
    'ff02::1',
    '255.255.255.255',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '192.0.0.192',
    '168.63.129.16',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('tells plain loopback addresses only', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1'].map(isLoopbackAddress)).toEqual([true, true, true]);
    expect(['::ffff:127.0.0.1', '10.0.0.1', '0.0.0.0'].map(isLoopbackAddress)).toEqual([false, false, false]);
  });
});

describe('API7:2023 SSRF (ASVS V1.3.6) – siteInfo refuses what is not on the public internet', () => {
  const refusedUrls = () => [
    `http://127.1:${forbiddenPort}/`,
    `http://0x7f000001:${forbiddenPort}/`,
    `http://017700000001:${forbiddenPort}/`,
    `http://2130706433:${forbiddenPort}/`,
    `http://[::1]:${forbiddenPort}/`,
    `http://[::ffff:127.0.0.1]:${forbiddenPort}/`,
    `http://0.0.0.0:${forbiddenPort}/`,
    `http://localhost:${forbiddenPort}/`,
    'http://169.254.169.254/latest/meta-data/',
    // Loopback on the allowed test port, but spelt as an IPv4-mapped address: still refused.
    `http://[::ffff:127.0.0.1]:${pagePort}/page`,
  ];

  it('answers INVALID_REQUEST for every spelling of a private address, and the local listener sees no connection', async () => {
    for (const url of refusedUrls()) {
      const response = await siteInfo(url);
      expect(response.errors?.[0]?.extensions, url).toMatchObject({ code: 'INVALID_REQUEST', field: 'url' });
    }
    expect(forbiddenConnections).toBe(0);
  });

  it('refuses a redirect to a loopback port that is not allowed, before connecting to it', async () => {
    const response = await siteInfo(pageUrl('/to-forbidden'));
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(forbiddenConnections).toBe(0);
  });

  it('checks the resolved address of every hop: a public-looking name that resolves to loopback is refused', async () => {
    const resolveHost = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    // The first hop is allowed (test port), the redirect to the same name on another port is not.
    await expect(
      lookUpSiteInfo(`http://www.public-site.example:${pagePort}/page`, {
        testOnlyLoopbackPorts: [pagePort],
        resolveHost,
      }),
    ).resolves.toMatchObject({ title: 'Ada & Co Portal — home' });
    await expect(
      lookUpSiteInfo(`http://www.public-site.example:${forbiddenPort}/`, {
        testOnlyLoopbackPorts: [pagePort],
        resolveHost,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    // A name with one public and one private answer is refused as a whole.
    const mixed = () =>
      Promise.resolve([
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
    await expect(
      lookUpSiteInfo(`http://mixed.example:${forbiddenPort}/`, { resolveHost: mixed }),
    ).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    expect(forbiddenConnections).toBe(0);
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
    'http://user:secret@example.com/',
  ])('refuses %s as INVALID_REQUEST', async (url) => {
    const response = await siteInfo(url);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_REQUEST', field: 'url' });
  });

  it('does not follow a redirect to a non-http scheme', async () => {
    const response = await siteInfo(pageUrl('/to-file'));
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('denies loopback by default: the test-only setting is off unless given', async () => {
    expect(loadConfig({}).siteInfo.testOnlyLoopbackPorts).toEqual([]);
    await expect(lookUpSiteInfo(pageUrl('/page'))).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('refuses the test-only setting in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_ONLY_SITE_INFO_LOOPBACK_PORTS: '8080' })).toThrow(
      /TEST_ONLY_SITE_INFO_LOOPBACK_PORTS/,
    );
  });
});

describe('siteInfo reads a page', () => {
  it('gives the title as plain text and the icon as an absolute URL', async () => {
    const response = await siteInfo(pageUrl('/page'));
    expect(response.errors).toBeUndefined();
    expect(response.data!.siteInfo).toEqual({
      title: 'Ada & Co Portal — home',
      faviconUrl: pageUrl('/static/icon.png'),
    });
  });

  it('falls back to /favicon.ico without an http(s) icon link, and cuts long titles at 200 characters', async () => {
    expect((await siteInfo(pageUrl('/no-icon'))).data!.siteInfo).toEqual({
      title: 'No icon',
      faviconUrl: pageUrl('/favicon.ico'),
    });
    expect((await siteInfo(pageUrl('/script-icon'))).data!.siteInfo.faviconUrl).toBe(pageUrl('/favicon.ico'));
    expect((await siteInfo(pageUrl('/long-title'))).data!.siteInfo.title).toBe('x'.repeat(200));
  });

  it('decodes the charset the page declares, and reads no title from a page that is not HTML', async () => {
    expect((await siteInfo(pageUrl('/latin1'))).data!.siteInfo.title).toBe('Café');
    expect((await siteInfo(pageUrl('/image'))).data!.siteInfo).toEqual({
      title: null,
      faviconUrl: pageUrl('/favicon.ico'),
    });
  });

  it('ASVS V15.3.2 – follows up to 3 redirects and refuses a fourth', async () => {
    expect((await siteInfo(pageUrl('/chain/3'))).data!.siteInfo.title).toBe('End of the chain');
    expect((await siteInfo(pageUrl('/chain/4'))).errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_CONTENT' });
  });

  it('answers INVALID_CONTENT for an error status or a closed port', async () => {
    expect((await siteInfo(pageUrl('/missing'))).errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_CONTENT' });
    const closed = http.createServer();
    const closedPort = await listenOnLoopback(closed);
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      lookUpSiteInfo(`http://127.0.0.1:${closedPort}/`, { testOnlyLoopbackPorts: [closedPort] }),
    ).rejects.toMatchObject({
      code: 'INVALID_CONTENT',
    });
  });

  it('API4:2023 – reads at most 1 MiB of a 50 MiB page and drops the connection', async () => {
    const response = await siteInfo(pageUrl('/huge'));
    expect(response.data!.siteInfo.title).toBe('Huge page');
    // What the server managed to write: the 1 MiB read plus what the sockets buffer, far from 50 MiB.
    expect(hugeBodyBytesSent).toBeLessThan(SITE_INFO_MAX_BODY_BYTES + 8 * 1024 * 1024);
  });

  it('API4:2023 – gives up on a server that never finishes after 5 seconds', { timeout: 15_000 }, async () => {
    const startedAt = Date.now();
    const response = await siteInfo(pageUrl('/slow'));
    const elapsed = Date.now() - startedAt;
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_CONTENT' });
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
    expect(elapsed).toBeLessThan(7_000);
  });

  it('API4:2023 (ASVS V2.4.1) – allows 30 lookups a minute from one address, then answers RATE_LIMITED', async () => {
    for (let lookup = 1; lookup <= 30; lookup++) {
      expect((await siteInfo(pageUrl('/no-icon'), '198.51.100.7')).errors, `lookup ${lookup}`).toBeUndefined();
    }
    expect((await siteInfo(pageUrl('/no-icon'), '198.51.100.7')).errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('API2:2023 – is for signed-in callers only', async () => {
    const response = await graphqlRequest(testApp, { query: siteInfoQuery, variables: { url: pageUrl('/page') } });
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHENTICATED' });
  });
});
