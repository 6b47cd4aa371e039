import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DatabaseExecutor } from '../db/client.js';
import { serviceKeys } from '../db/schema/auth.js';
import { type UserRow, users } from '../db/schema/users.js';
import { AppError } from '../errors.js';

const SERVICE_KEY_PREFIX = 'dxp_sk_';
/** Enough of the key to tell keys apart in a list, far too little to guess the rest. */
const DISPLAYED_PREFIX_LENGTH = SERVICE_KEY_PREFIX.length + 6;
/** Writing `lastUsedAt` on every call would turn each read into a write; once a minute is plenty. */
const LAST_USED_PRECISION_MS = 60_000;

export type ServiceKeyRow = typeof serviceKeys.$inferSelect;

export function isServiceKey(token: string): boolean {
  return token.startsWith(SERVICE_KEY_PREFIX);
}

/** Creates a key for `userId`; the plain key is returned here once and only its hash is stored. */
export async function createServiceKey(
  db: DatabaseExecutor,
  { userId, name }: { userId: string; name: string },
): Promise<{ serviceKey: ServiceKeyRow; plainKey: string }> {
  const trimmedName = name.trim();
  if (!trimmedName || trimmedName.length > 100) {
    throw new AppError('INVALID_CONTENT', 'A key name must have 1 to 100 characters', { field: 'name' });
  }
  const plainKey = `${SERVICE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [serviceKey] = await db
    .insert(serviceKeys)
    .values({
      userId,
      name: trimmedName,
      prefix: plainKey.slice(0, DISPLAYED_PREFIX_LENGTH),
      keyHash: hashServiceKey(plainKey),
    })
    .returning();
  return { serviceKey: serviceKey!, plainKey };
}

/** Revokes one of the user's own keys; revocation takes effect on the next call. */
export async function revokeServiceKey(
  db: DatabaseExecutor,
  { userId, serviceKeyId }: { userId: string; serviceKeyId: string },
): Promise<ServiceKeyRow> {
  const [revoked] = await db
    .update(serviceKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(serviceKeys.id, serviceKeyId), eq(serviceKeys.userId, userId), isNull(serviceKeys.revokedAt)))
    .returning();
  if (!revoked) throw new AppError('NOT_FOUND', 'Service key not found');
  return revoked;
}

/** The unrevoked key matching `plainKey` and its user, or undefined; a suspended user's keys match nothing. */
export async function findUserByServiceKey(
  db: DatabaseExecutor,
  plainKey: string,
): Promise<{ user: UserRow; serviceKeyId: string } | undefined> {
  const [match] = await db
    .select({ user: users, serviceKeyId: serviceKeys.id, lastUsedAt: serviceKeys.lastUsedAt })
    .from(serviceKeys)
    .innerJoin(users, eq(users.id, serviceKeys.userId))
    .where(
      and(eq(serviceKeys.keyHash, hashServiceKey(plainKey)), isNull(serviceKeys.revokedAt), isNull(users.suspendedAt)),
    );
  if (!match) return undefined;
  const now = new Date();
  if (!match.lastUsedAt || now.getTime() - match.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await db
      .update(serviceKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(serviceKeys.id, match.serviceKeyId),
          or(
            isNull(serviceKeys.lastUsedAt),
            lt(serviceKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)),
          ),
        ),
      );
  }
  return { user: match.user, serviceKeyId: match.serviceKeyId };
}

function hashServiceKey(plainKey: string): string {
  return createHash('sha256').update(plainKey).digest('hex');
}
