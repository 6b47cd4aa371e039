import { describe, expect, it } from 'vitest';
import { isWebAddress, webAddressMaxLength } from './web-address.js';
import { webAddressSchema } from './web-address-schema.js';

const addresses = [
  'https://example.com',
  'http://example.com/path?query=1#part',
  'HTTPS://EXAMPLE.COM',
  '  https://example.com/padded  ',
  'https://localhost:8443',
  'https://[::1]/',
  'javascript:alert(1)',
  'JavaScript://%0aalert(1)',
  'data:text/html,hi',
  'ftp://example.com',
  'mailto:someone@example.com',
  'http:example.com',
  'https:/example.com',
  '//example.com',
  '/relative/path',
  'example.com',
  'https://',
  'https://exa mple.com',
  '',
  `https://example.com/${'a'.repeat(webAddressMaxLength)}`,
];

describe('ASVS V1.2.2 safe URL protocols – isWebAddress', () => {
  it.each(addresses)('agrees with the forms’ schema on %j', (address) => {
    expect(isWebAddress(address)).toBe(webAddressSchema.safeParse(address).success);
  });

  it('accepts http(s) addresses only', () => {
    expect(isWebAddress('https://example.com')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress(null)).toBe(false);
    expect(isWebAddress(undefined)).toBe(false);
  });
});
