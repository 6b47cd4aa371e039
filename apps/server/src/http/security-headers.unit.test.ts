import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { contentSecurityPolicyOf, datadogIntakeOrigin } from './security-headers.js';

const externalIssuerWithMonitoring = {
  OIDC_ISSUER: 'https://login.example.com/tenant-7/',
  OIDC_CLIENT_ID: 'portal',
  DATADOG_CLIENT_TOKEN: 'pub0123456789',
  DATADOG_SITE: 'us3.datadoghq.com',
};

describe('ASVS V3.4.3, V3.4.6 – the Content-Security-Policy', () => {
  it("lets the page connect to exactly itself, the identity provider's origin and the monitoring intake", () => {
    const policy = contentSecurityPolicyOf(loadConfig(externalIssuerWithMonitoring));
    expect(policy.connectSrc).toEqual([
      "'self'",
      'https://login.example.com',
      'https://browser-intake-us3-datadoghq.com',
    ]);
    expect(policy.formAction).toEqual(["'self'", 'https://login.example.com']);
    expect(policy.scriptSrc).toEqual(["'self'"]);
  });

  it('lets the page connect only to itself with the built-in identity provider and no monitoring', () => {
    const policy = contentSecurityPolicyOf(loadConfig({}));
    expect(policy.connectSrc).toEqual(["'self'"]);
    expect(policy.formAction).toEqual(["'self'"]);
  });

  it('allows no inline script, no plugins, no <base> and no framing, whatever is configured', () => {
    for (const environment of [{}, externalIssuerWithMonitoring, { GTM_ID: 'GTM-ABC123' }]) {
      const policy = contentSecurityPolicyOf(loadConfig(environment));
      expect(policy.scriptSrc.filter((source) => source.startsWith("'") && source !== "'self'")).toEqual([]);
      expect(policy.objectSrc).toEqual(["'none'"]);
      expect(policy.baseUri).toEqual(["'none'"]);
      expect(policy.frameAncestors).toEqual(["'none'"]);
    }
  });

  it("adds Google's hosts only when GTM_ID is set", () => {
    const policy = contentSecurityPolicyOf(loadConfig({ GTM_ID: 'GTM-ABC123' }));
    expect(policy.scriptSrc).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(policy.connectSrc).toEqual(["'self'", 'https://www.google-analytics.com', 'https://*.google-analytics.com']);
  });

  it.each([
    ['datadoghq.com', 'https://browser-intake-datadoghq.com'],
    ['datadoghq.eu', 'https://browser-intake-datadoghq.eu'],
    ['us3.datadoghq.com', 'https://browser-intake-us3-datadoghq.com'],
    ['ap1.datadoghq.com', 'https://browser-intake-ap1-datadoghq.com'],
    ['ddog-gov.com', 'https://browser-intake-ddog-gov.com'],
  ])('names the intake @datadog/browser-logs uses for the site %s: %s', (site, origin) => {
    expect(datadogIntakeOrigin(site)).toBe(origin);
  });
});
