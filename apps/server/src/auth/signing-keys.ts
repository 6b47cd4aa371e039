import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { DatabaseExecutor } from '../db/client.js';
import { signingKeys } from '../db/schema/auth.js';

export type SigningKeyPurpose =
  | 'access-token'
  | 'identity-provider'
  | 'identity-provider-cookies'
  /** A symmetric key for the unsubscribe links of notification mail (modules/notifications/unsubscribe-tokens.ts). */
  | 'notification-unsubscribe';

export interface StoredSigningKey {
  keyId: string;
  privateJwk: JWK;
}

/**
 * The key for `purpose`, generated and stored on first use. An advisory lock makes replicas that
 * start together agree on one key instead of each generating its own.
 */
export async function ensureSigningKey(
  db: DatabaseExecutor,
  purpose: SigningKeyPurpose,
  generatePrivateJwk: () => Promise<JWK>,
): Promise<StoredSigningKey> {
  const stored = await findOldestKey(db, purpose);
  if (stored) return stored;

  return db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`signing_keys:${purpose}`}))`);
    const createdMeanwhile = await findOldestKey(transaction, purpose);
    if (createdMeanwhile) return createdMeanwhile;
    const privateJwk = await generateOrReuse(purpose, generatePrivateJwk);
    const keyId = privateJwk.kid ?? randomUUID();
    await transaction.insert(signingKeys).values({ keyId, purpose, privateJwk: { ...privateJwk, kid: keyId } });
    return { keyId, privateJwk: { ...privateJwk, kid: keyId } };
  });
}

let reusedPurposes = new Set<SigningKeyPurpose>();
const reusedPrivateJwks = new Map<SigningKeyPurpose, Promise<JWK>>();

/**
 * For tests: the first key this process generates for each of `purposes` is handed out again whenever a later
 * database needs one, as if every new database had drawn the same key material (under a key id of its own). Finding
 * a 2048-bit RSA key's primes is slow, and the suites open a provider on a new database a hundred times or more. Each
 * database still finds no key and stores one through the path above; processes that never call this (servers the
 * tests start as processes, production) generate every key.
 */
export function reuseTestOnlySigningKeys(purposes: SigningKeyPurpose[]): void {
  reusedPurposes = new Set(purposes);
}

function generateOrReuse(purpose: SigningKeyPurpose, generatePrivateJwk: () => Promise<JWK>): Promise<JWK> {
  if (!reusedPurposes.has(purpose)) return generatePrivateJwk();
  const reused = reusedPrivateJwks.get(purpose) ?? generatePrivateJwk();
  reusedPrivateJwks.set(purpose, reused);
  return reused;
}

async function findOldestKey(db: DatabaseExecutor, purpose: SigningKeyPurpose): Promise<StoredSigningKey | undefined> {
  const [row] = await db
    .select({ keyId: signingKeys.keyId, privateJwk: signingKeys.privateJwk })
    .from(signingKeys)
    .where(eq(signingKeys.purpose, purpose))
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.keyId))
    .limit(1);
  return row ? { keyId: row.keyId, privateJwk: row.privateJwk as JWK } : undefined;
}
