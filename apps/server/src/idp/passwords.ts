import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
/** OWASP's scrypt recommendation (N=2^17 would be stronger but costs 128 MiB per sign-in). */
const DEFAULT_PARAMETERS = { N: 2 ** 15, r: 8, p: 1 } as const;
/** What new hashes and the unknown-email check cost; only a test process lowers N (see useTestOnlyPasswordHashCost). */
let hashParameters: { N: number; r: number; p: number } = DEFAULT_PARAMETERS;

/**
 * Lowers scrypt's N for the hashes this process makes from now on, for tests (TEST_ONLY_PASSWORD_HASH_COST, which
 * config.ts refuses when NODE_ENV=production): the password checks of the test suites cost more CPU than anything
 * else in them. Existing hashes keep verifying with the parameters written in them.
 */
export function useTestOnlyPasswordHashCost(N: number): void {
  hashParameters = { ...DEFAULT_PARAMETERS, N };
}

function deriveKey(password: string, salt: Buffer, parameters: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...parameters, maxmem: 256 * parameters.N * parameters.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$key`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, hashParameters);
  const { N, r, p } = hashParameters;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, storedHash: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = storedHash.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spends the time of a real check (of a hash made now), so an unknown email cannot be told apart by timing. */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  await deriveKey(password, randomBytes(16), hashParameters);
}
