import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { createServiceKey, revokeServiceKey, type ServiceKeyRow } from '../../auth/service-keys.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { serviceKeys } from '../../db/schema/auth.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';

/** The caller's keys that still work, newest first. Rows carry the hash, so never hand them out whole. */
export async function listMyServiceKeys(db: DatabaseExecutor, { actor }: { actor: Actor }): Promise<ServiceKeyRow[]> {
  return db
    .select()
    .from(serviceKeys)
    .where(and(eq(serviceKeys.userId, actor.user.id), isNull(serviceKeys.revokedAt)))
    .orderBy(desc(serviceKeys.createdAt), desc(serviceKeys.id));
}

/** The plain key is in this answer only; the event names the key by id and prefix. */
export async function createMyServiceKey(
  db: DatabaseExecutor,
  { actor, name }: { actor: Actor; name: string },
): Promise<{ serviceKey: ServiceKeyRow; plainKey: string }> {
  return db.transaction(async (transaction) => {
    const created = await createServiceKey(transaction, { userId: actor.user.id, name });
    const { id, name: keyName, prefix } = created.serviceKey;
    await recordEvent(transaction, { eventType: 'service_key.created', actor, payload: { serviceKeyId: id, name: keyName, prefix } });
    return created;
  });
}

export async function revokeMyServiceKey(
  db: DatabaseExecutor,
  { actor, serviceKeyId }: { actor: Actor; serviceKeyId: string },
): Promise<ServiceKeyRow> {
  if (!z.uuid().safeParse(serviceKeyId).success) throw new AppError('NOT_FOUND', 'Service key not found');
  return db.transaction(async (transaction) => {
    const revoked = await revokeServiceKey(transaction, { userId: actor.user.id, serviceKeyId });
    await recordEvent(transaction, {
      eventType: 'service_key.revoked',
      actor,
      payload: { serviceKeyId: revoked.id, name: revoked.name, prefix: revoked.prefix },
    });
    return revoked;
  });
}
