import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** "correct horse battery staple" hashed at OWASP's cost (N=2^15), as production stores it. */
const FULL_COST_HASH =
  'scrypt$32768$8$1$EW6pI-RDGUaMBVvXMzvK1w$5AgSP9-rKOSO0uu010i3texq3GDY74cimOj_lNfulSha0Nepzr-1j96o7pszJU7F_xBBSzbLNr2IeBizW08YnQ';

describe('password hashes of a test process (TEST_ONLY_PASSWORD_HASH_COST)', () => {
  it('are made at the lowered cost, written into the hash, and verify', async () => {
    // src/test/cheap-password-hashes.ts lowered N for this process.
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('leave full-cost hashes verifying with the parameters written in them', async () => {
    expect(await verifyPassword('correct horse battery staple', FULL_COST_HASH)).toBe(true);
  });

  it('is refused when NODE_ENV=production, and must be a power of two up to 32768', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_ONLY_PASSWORD_HASH_COST: '1024' })).toThrow(
      /TEST_ONLY_PASSWORD_HASH_COST makes stored passwords cheaper to guess and is refused when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', TEST_ONLY_PASSWORD_HASH_COST: '' }).testOnlyPasswordHashCost).toBe(
      undefined,
    );
    expect(loadConfig({ NODE_ENV: 'test', TEST_ONLY_PASSWORD_HASH_COST: '1024' }).testOnlyPasswordHashCost).toBe(1024);
    expect(() => loadConfig({ TEST_ONLY_PASSWORD_HASH_COST: '1000' })).toThrow(/must be a power of two/);
    expect(() => loadConfig({ TEST_ONLY_PASSWORD_HASH_COST: '65536' })).toThrow(/TEST_ONLY_PASSWORD_HASH_COST/);
    expect(() => loadConfig({ TEST_ONLY_PASSWORD_HASH_COST: '1' })).toThrow(/TEST_ONLY_PASSWORD_HASH_COST/);
  });
});
