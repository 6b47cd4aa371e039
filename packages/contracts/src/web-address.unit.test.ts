import { describe, expect, it } from 'vitest';
import { completeWebAddress, isWebAddress, webAddressMaxLength, webAddressSpellings } from './web-address.js';
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

describe('completeWebAddress', () => {
  it.each([
    ['github.com', 'https://github.com'],
    ['  github.com/dxp/portal?tab=1  ', 'https://github.com/dxp/portal?tab=1'],
    ['docs.example.com:8443/guide', 'https://docs.example.com:8443/guide'],
    ['localhost:3000', 'https://localhost:3000'],
    ['https://github.com', 'https://github.com'],
    ['http://github.com', 'http://github.com'],
  ])('completes %j to %j', (typed, completed) => {
    expect(completeWebAddress(typed)).toBe(completed);
    expect(isWebAddress(completeWebAddress(typed))).toBe(true);
  });

  it.each(['javascript:alert(1)', 'mailto:someone@example.com', '/relative/path', 'not an address', 'handbook', ''])(
    'leaves %j as typed, still no web address',
    (typed) => {
      expect(completeWebAddress(typed)).toBe(typed.trim());
      expect(isWebAddress(completeWebAddress(typed))).toBe(false);
    },
  );
});

describe('webAddressSpellings', () => {
  it('lists the spellings an address may already be saved under', () => {
    const spellings = webAddressSpellings('GitHub.com');
    expect(spellings).toEqual(
      expect.arrayContaining(['https://github.com', 'https://github.com/', 'http://www.github.com/']),
    );
    expect(webAddressSpellings('https://www.example.com/guide/')).toEqual(
      expect.arrayContaining(['https://example.com/guide', 'http://www.example.com/guide/']),
    );
    expect(webAddressSpellings('https://example.com/guide')).not.toContain('https://example.com/guide/other');
  });

  it('has none for what is not a web address', () => {
    expect(webAddressSpellings('javascript:alert(1)')).toEqual([]);
  });
});
