import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * The one host `@datadog/browser-logs` sends logs to for a Datadog site: `browser-intake-` followed by the site
 * with every dot but the last as a dash (datadoghq.com → browser-intake-datadoghq.com, us3.datadoghq.com →
 * browser-intake-us3-datadoghq.com), as the SDK builds it.
 */
export function datadogIntakeOrigin(site: string): string {
  const domainParts = site.split('.');
  const extension = domainParts.pop();
  return `https://browser-intake-${domainParts.join('-')}.${extension}`;
}

/** A strict Content-Security-Policy: no inline script, only the hosts the SPA really talks to. */
export function contentSecurityPolicyOf(config: Config) {
  const connectSources = ["'self'"];
  const scriptSources = ["'self'"];
  if (config.identity.kind === 'external') {
    connectSources.push(new URL(config.identity.issuer).origin);
  }
  if (config.monitoring) {
    connectSources.push(datadogIntakeOrigin(config.monitoring.site));
  }
  // Google Tag Manager loads from Google and reports to Google Analytics (docs/security.md says so).
  if (config.tagManagerId) {
    scriptSources.push('https://www.googletagmanager.com');
    connectSources.push('https://www.google-analytics.com', 'https://*.google-analytics.com');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scriptSources,
    // Radix positions popovers with inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connectSources,
    objectSrc: ["'none'"],
    // No page of ours has a <base> element: nothing may change where relative URLs point.
    baseUri: ["'none'"],
    formAction: ["'self'", ...(config.identity.kind === 'external' ? [new URL(config.identity.issuer).origin] : [])],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
  };
}

/**
 * The built-in provider's pages (/idp/*): server-rendered forms with their own stylesheet and one script file, so
 * everything else is refused. oidc-provider adds the hash of its one inline script (the no-session sign-out form)
 * to `script-src` itself.
 */
export function identityProviderContentSecurityPolicyOf(config: Config) {
  return {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'"],
    // The pages' scripts call the provider's own routes (the password check, the passkey sign-in).
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
  };
}

/**
 * Helmet's headers on every response. They depend on the configuration only, so helmet runs once here, on a
 * recording response, and each request gets the recorded headers: running its middleware per request cost
 * more than the rest of the access log.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const hsts = config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false;
  const appHeaders = recordHelmetHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyOf(config) },
      crossOriginEmbedderPolicy: false,
      hsts,
    }),
  );
  const identityProviderHeaders = recordHelmetHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: identityProviderContentSecurityPolicyOf(config) },
      crossOriginEmbedderPolicy: false,
      hsts,
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isIdentityProviderPath(request.url) ? identityProviderHeaders : appHeaders);
    done();
  });
}

function isIdentityProviderPath(url: string): boolean {
  return url.startsWith('/idp/') || url === '/idp' || url.startsWith('/idp?');
}

function recordHelmetHeaders(setSecurityHeaders: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    // Helmet removes X-Powered-By, which Fastify never sends.
    removeHeader: () => {},
  };
  setSecurityHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
  });
  return headers;
}
