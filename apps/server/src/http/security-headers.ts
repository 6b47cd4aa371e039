import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** A strict Content-Security-Policy: no inline script, only the hosts the SPA really talks to. */
export function contentSecurityPolicyOf(config: Config) {
  const connectSources = ["'self'"];
  const scriptSources = ["'self'"];
  if (config.identity.kind === 'external') {
    connectSources.push(new URL(config.identity.issuer).origin);
  }
  if (config.monitoring) {
    connectSources.push(`https://*.browser-intake-${config.monitoring.site}`, `https://browser-intake-${config.monitoring.site}`);
  }
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
    baseUri: ["'self'"],
    formAction: ["'self'", ...(config.identity.kind === 'external' ? [new URL(config.identity.issuer).origin] : [])],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
  };
}

/**
 * Helmet's headers on every response. Its middleware is built once here: the Fastify plugin rebuilds it,
 * policy parsing included, on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyOf(config) },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
