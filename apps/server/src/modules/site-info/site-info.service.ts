import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { OperationRateLimit } from '../../auth/rate-limit.js';
import { AppError, isAppError } from '../../errors.js';
import { isLoopbackAddress, isPublicAddress } from './address-policy.js';
import { extractSiteMetadata, fallbackFaviconUrl, type SiteMetadata } from './site-metadata.js';

export const SITE_INFO_TIMEOUT_MS = 5_000;
export const SITE_INFO_MAX_BODY_BYTES = 1_048_576;
export const SITE_INFO_MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2048;

/** Plenty for filling in bookmark forms; keeps the server from being a tool to probe other hosts. */
export const siteInfoRateLimit: OperationRateLimit = { operation: 'siteInfo', max: 30, timeWindow: '1 minute' };

export type SiteInfo = SiteMetadata;

export interface SiteInfoOptions {
  /**
   * Test-only: loopback addresses on these ports are allowed, so a test can serve the page itself.
   * Every other loopback port, and every other non-public address, stays refused.
   */
  testOnlyLoopbackPorts?: readonly number[];
  /** Name resolution (every address of the name); tests give a public-looking name a chosen address. */
  resolveHost?: (hostname: string) => Promise<LookupAddress[]>;
}

const resolveWithSystem = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

const refusedAddress = () =>
  new AppError('INVALID_REQUEST', 'This address is not on the public internet, so it cannot be looked up.', {
    field: 'url',
  });
const unreachable = (reason: string) =>
  new AppError('INVALID_CONTENT', `The site could not be read: ${reason}.`, { field: 'url' });

/**
 * `GetSiteInfo(url)`: the title and icon of a public web page, fetched by the server (docs/design.md §6).
 * Every address is checked where the connection is made (after DNS, so a name that changes its answer
 * cannot slip through), on the first request and on each of at most three redirects; the whole lookup
 * has 5 seconds, and at most 1 MiB of the page is read.
 */
export async function lookUpSiteInfo(rawUrl: string, options: SiteInfoOptions = {}): Promise<SiteInfo> {
  const isAllowed = (address: string, port: number) =>
    isPublicAddress(address) || (options.testOnlyLoopbackPorts?.includes(port) === true && isLoopbackAddress(address));
  const resolveHost = options.resolveHost ?? resolveWithSystem;
  const deadline = AbortSignal.timeout(SITE_INFO_TIMEOUT_MS);

  let url = parseSiteUrl(rawUrl);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await requestPage(url, { isAllowed, resolveHost, signal: deadline });
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.destroy();
        if (redirects === SITE_INFO_MAX_REDIRECTS) throw unreachable(`more than ${SITE_INFO_MAX_REDIRECTS} redirects`);
        url = parseSiteUrl(URL.parse(location, url)?.href ?? '');
        continue;
      }
      if (!response.statusCode || response.statusCode >= 400) {
        response.destroy();
        throw unreachable(`it answered with status ${response.statusCode}`);
      }
      const contentType = response.headers['content-type'] ?? '';
      if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType)) {
        response.destroy();
        return { title: null, faviconUrl: fallbackFaviconUrl(url) };
      }
      const body = await readCapped(response, SITE_INFO_MAX_BODY_BYTES);
      return extractSiteMetadata(decodeHtml(body, contentType), url);
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    if (deadline.aborted) throw unreachable(`no answer within ${SITE_INFO_TIMEOUT_MS / 1000} seconds`);
    throw unreachable('the connection failed');
  }
}

/** http(s) URLs without credentials only; a redirect elsewhere (`file:`, `javascript:`…) is refused the same way. */
function parseSiteUrl(rawUrl: string): URL {
  const url = rawUrl.length <= MAX_URL_LENGTH ? URL.parse(rawUrl.trim()) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new AppError('INVALID_REQUEST', 'Enter an http:// or https:// address.', { field: 'url' });
  }
  if (url.username || url.password) {
    throw new AppError('INVALID_REQUEST', 'An address with a user name or password cannot be looked up.', {
      field: 'url',
    });
  }
  return url;
}

function requestPage(
  url: URL,
  context: {
    isAllowed: (address: string, port: number) => boolean;
    resolveHost: (hostname: string) => Promise<LookupAddress[]>;
    signal: AbortSignal;
  },
): Promise<IncomingMessage> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  // The URL parser has already turned 127.1, 0x7f000001, 017700000001 and 2130706433 into 127.0.0.1.
  const literalAddress = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Node connects to an address literal without calling `lookup`, so literals are checked here.
  if (isIP(literalAddress) && !context.isAllowed(literalAddress, port)) return Promise.reject(refusedAddress());

  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    context.resolveHost(hostname).then(
      (resolved) => {
        const addresses = resolved.filter(({ family }) => !lookupOptions.family || family === lookupOptions.family);
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (addresses.some(({ address }) => !context.isAllowed(address, port)))
          return callback(refusedAddress(), '', 0);
        if (lookupOptions.all)
          return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      agent: false,
      lookup: guardedLookup,
      signal: context.signal,
      headers: {
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': 'DXP-Portal-SiteInfo/1.0',
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

/** Reads at most `maxBytes`, then drops the connection: a huge page is cut, not downloaded. */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= maxBytes) {
      response.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

/** The charset of the Content-Type, else of a `<meta charset>` near the top, else UTF-8. */
function decodeHtml(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
