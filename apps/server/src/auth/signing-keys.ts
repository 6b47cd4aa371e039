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
    const privateJwk = await generatePrivateJwk();
    const keyId = privateJwk.kid ?? randomUUID();
    await transaction.insert(signingKeys).values({ keyId, purpose, privateJwk: { ...privateJwk, kid: keyId } });
    return { keyId, privateJwk: { ...privateJwk, kid: keyId } };
  });
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
