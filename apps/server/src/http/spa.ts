import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** Paths that belong to the API: an unknown one answers JSON 404, never the SPA. */
const apiPrefixes = ['/api/', '/graphql', '/idp/', '/idp'];

/** A built asset's file name: one path segment of letters, digits, dashes, underscores and dots, not starting with a dot. */
const assetFileName = /^[\w-][\w.-]*$/;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return apiPrefixes.some((prefix) => path === prefix || path.startsWith(prefix));
}

/**
 * Resolves once the web app is built. `npm start` (scripts/start.mjs) starts the server while Vite
 * still builds, so that the database and the API get ready meanwhile: the server asks over IPC and
 * listens only after the answer that the build is done. A server started any other way never waits.
 */
function webBuildFinished(): Promise<void> {
  const send = process.send?.bind(process);
  if (!send || process.env.DXP_WEB_BUILD !== 'pending') return Promise.resolve();
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== 'web-build-finished') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    send('waiting-for-web-build');
  });
}

/**
 * Serves the built SPA with history fallback; hashed assets are cached for a year. The web build
 * writes a gzip copy of each text file (apps/web/vite.config.ts), sent to browsers that accept it.
 * Source maps (the web's own sources, comments included) are served only when `serveSourceMaps` (not in production).
 * The hashed assets are looked up when asked, under one `/assets/*` route: a route per file, made from a listing of
 * the build at start, cost 0.75 s of CPU and held start-up's heap with a build of about 4,600 files (source maps and
 * gzip copies included). The few files beside index.html still get a route each.
 */
export async function registerSpa(
  app: FastifyInstance,
  root = webDist,
  { serveSourceMaps = true, runtimeConfig }: { serveSourceMaps?: boolean; runtimeConfig?: unknown } = {},
): Promise<void> {
  await webBuildFinished();
  if (!existsSync(`${root}/index.html`)) {
    app.log.warn({ webDist: root }, 'the web app is not built: run `npm run build`');
    return;
  }
  const allowedPath = (pathName: string) => serveSourceMaps || !pathName.endsWith('.map');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    globIgnore: ['assets/**'],
    decorateReply: false,
    index: false,
    preCompressed: true,
    allowedPath,
    setHeaders: (response) => {
      response.header('cache-control', 'no-cache');
    },
  });
  // Not @fastify/static's own wildcard route: it lists the folder (about 700 files) two or three times per request, to
  // catch a path spelled otherwise on a case-insensitive disk; a name of one segment in plain characters needs no such
  // check (docs/performance.md).
  await app.register(async (assets) => {
    await assets.register(fastifyStatic, {
      root: join(root, 'assets'),
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (response) => {
        response.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    assets.get('/assets/*', (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      if (!assetFileName.test(file) || !allowedPath(file.toLowerCase())) return reply.callNotFound();
      return reply.sendFile(file);
    });
  });
  const pageHtml = pageHtmlWithPreloads(root, runtimeConfig);
  app.get('/*', async (request, reply) => {
    if (isApiPath(request.url)) {
      return reply.callNotFound();
    }
    const { html, etag } = pageHtml(request.url);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });
}

/**
 * The runtime settings (GET /api/config's answer) as a JSON data element of the page, which the SPA reads instead of
 * asking for them: its first render waits for one request less. A data element is never run, so the CSP's script
 * rules do not apply; `<`, `>`, `&` and the two JavaScript line separators are written as JSON escapes, so no value
 * can end the element or start markup.
 */
function runtimeConfigElement(runtimeConfig: unknown): string {
  const json = JSON.stringify(runtimeConfig).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `    <script type="application/json" id="runtime-config">${json}</script>\n`;
}

/**
 * index.html for a page address, naming the JavaScript of that page's routes as `modulepreload` links (the web
 * build lists them per address in `.vite/route-preloads.json`, apps/web/vite-plugins/route-preloads.ts): the
 * browser fetches them beside the start-up bundle instead of after it has run, one round trip less before the
 * page's data is asked for; with the runtime settings when given. One page per address pattern, made once.
 */
function pageHtmlWithPreloads(root: string, runtimeConfig: unknown): (url: string) => { html: string; etag: string } {
  const indexHtml = readFileSync(join(root, 'index.html'), 'utf8');
  const preloadsPath = join(root, '.vite/route-preloads.json');
  const preloads = existsSync(preloadsPath)
    ? (JSON.parse(readFileSync(preloadsPath, 'utf8')) as Record<string, string[]>)
    : {};
  const patterns = Object.keys(preloads).map((pattern) => ({ pattern, segments: pattern.split('/').filter(Boolean) }));
  const pages = new Map<string, { html: string; etag: string }>();
  return (url) => {
    const pattern = matchPagePattern(patterns, url) ?? '';
    let page = pages.get(pattern);
    if (!page) {
      const links = (preloads[pattern] ?? [])
        .map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`)
        .join('');
      const settings = runtimeConfig === undefined ? '' : runtimeConfigElement(runtimeConfig);
      const html = indexHtml.replace('</head>', `${settings}${links}  </head>`);
      page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      pages.set(pattern, page);
    }
    return page;
  };
}

/**
 * The router's address pattern (`/teams/$slug/home`) a page address matches: `$name` takes any one segment, and of
 * several matches the one with the most literal segments wins, as the router picks `/teams/add` over `/teams/$slug`.
 */
export function matchPagePattern(patterns: { pattern: string; segments: string[] }[], url: string): string | undefined {
  const path = url.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  let best: { pattern: string; literals: number } | undefined;
  for (const { pattern, segments: patternSegments } of patterns) {
    if (patternSegments.length !== segments.length) continue;
    let literals = 0;
    const matches = patternSegments.every((patternSegment, index) => {
      if (patternSegment.startsWith('$')) return true;
      literals += 1;
      return patternSegment === segments[index];
    });
    if (matches && (!best || literals > best.literals)) best = { pattern, literals };
  }
  return best?.pattern;
}
