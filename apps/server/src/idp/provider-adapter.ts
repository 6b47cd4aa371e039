import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DatabaseExecutor } from '../db/client.js';
import { identityProviderRecords } from '../db/schema/auth.js';

/**
 * A refresh token used again within this many seconds of its first use is rotated again, not taken for theft: a page
 * that reloads while its renewal is under way loses the new token with the page and renews with the spent one (the
 * "reuse interval" of Okta and Auth0; docs/decisions/0157-refresh-token-reuse-interval.md). Later reuse still revokes
 * the grant.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 30;

/**
 * Keeps the built-in provider's sessions, interactions, grants, codes and tokens in the database,
 * so they survive restarts and every replica sees them.
 */
export function createDatabaseAdapterFactory(db: DatabaseExecutor): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}

class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: DatabaseExecutor,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const values = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(identityProviderRecords)
      .values({ model: this.model, id, ...values })
      .onConflictDoUpdate({ target: [identityProviderRecords.model, identityProviderRecords.id], set: values });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityProviderRecords.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityProviderRecords.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityProviderRecords.userCode, userCode));
  }

  /** The first use counts: a reuse within the interval must not move the interval on. */
  async consume(id: string): Promise<void> {
    await this.db
      .update(identityProviderRecords)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(identityProviderRecords.model, this.model),
          eq(identityProviderRecords.id, id),
          isNull(identityProviderRecords.consumedAt),
        ),
      );
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(identityProviderRecords)
      .where(and(eq(identityProviderRecords.model, this.model), eq(identityProviderRecords.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(identityProviderRecords)
      .where(and(eq(identityProviderRecords.model, this.model), eq(identityProviderRecords.grantId, grantId)));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [record] = await this.db
      .select({ payload: identityProviderRecords.payload, consumedAt: identityProviderRecords.consumedAt })
      .from(identityProviderRecords)
      .where(
        and(
          eq(identityProviderRecords.model, this.model),
          condition,
          or(isNull(identityProviderRecords.expiresAt), gt(identityProviderRecords.expiresAt, new Date())),
        ),
      )
      .limit(1);
    if (!record) return undefined;
    const payload = record.payload as AdapterPayload;
    if (!record.consumedAt) return payload;
    const isWithinReuseInterval =
      this.model === 'RefreshToken' &&
      Date.now() - record.consumedAt.getTime() < REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000;
    return isWithinReuseInterval ? payload : { ...payload, consumed: Math.floor(record.consumedAt.getTime() / 1000) };
  }
}

/** Deletes records whose lifetime is over; the provider already ignores them, this only reclaims space. */
export async function purgeExpiredIdentityProviderRecords(db: DatabaseExecutor): Promise<void> {
  await db.delete(identityProviderRecords).where(lte(identityProviderRecords.expiresAt, new Date()));
}
