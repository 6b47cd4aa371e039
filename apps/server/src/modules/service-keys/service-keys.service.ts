import { and, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { createServiceKey, revokeServiceKey, type ServiceKeyRow } from '../../auth/service-keys.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { escapeLikePattern } from '../../db/filter-conditions.js';
import { findPage, type Page, type PageRequest, resolveSortTerms } from '../../db/keyset-pagination.js';
import { serviceKeys } from '../../db/schema/auth.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';

/**
 * A page of the caller's keys that still work, newest first (the `service_keys_user` index). Rows carry the hash,
 * so never hand them out whole.
 */
export async function listMyServiceKeys(
  db: DatabaseExecutor,
  { actor, page }: { actor: Actor; page: PageRequest },
): Promise<Page<ServiceKeyRow>> {
  return findPage({
    db,
    table: serviceKeys,
    shape: 'mine',
    where: (bind) => and(eq(serviceKeys.userId, bind(actor.user.id)), isNull(serviceKeys.revokedAt)),
    sortTerms: newestKeyFirst,
    page,
  });
}

/** The plain key is in this answer only; the event names the key by id and prefix. */
export async function createMyServiceKey(
  db: DatabaseExecutor,
  { actor, name }: { actor: Actor; name: string },
): Promise<{ serviceKey: ServiceKeyRow; plainKey: string }> {
  return db.transaction(async (transaction) => {
    const created = await createServiceKey(transaction, { userId: actor.user.id, name });
    const { id, name: keyName, prefix } = created.serviceKey;
    await recordEvent(transaction, {
      eventType: 'service_key.created',
      actor,
      payload: { serviceKeyId: id, name: keyName, prefix },
    });
    return created;
  });
}

const serviceKeyNotFound = () => new AppError('NOT_FOUND', 'Service key not found');

export async function revokeMyServiceKey(
  db: DatabaseExecutor,
  { actor, serviceKeyId }: { actor: Actor; serviceKeyId: string },
): Promise<ServiceKeyRow> {
  if (!z.uuid().safeParse(serviceKeyId).success) throw serviceKeyNotFound();
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

/** A key with the user it acts as. */
export type ServiceKeyWithOwner = ServiceKeyRow & { owner: UserRow };

export const allServiceKeysInputSchema = z.object({
  search: z.string().trim().max(200, 'Search for at most 200 characters.').nullish(),
});
export type AllServiceKeysInput = z.input<typeof allServiceKeysInputSchema>;

/** Newest first, served by the `service_keys_created` index. */
const newestKeyFirst = resolveSortTerms({
  order: null,
  sortable: { createdAt: serviceKeys.createdAt },
  defaultOrder: [{ createdAt: 'DESC' }],
  id: serviceKeys.id,
});

/**
 * Every key of the installation that still works, newest first, with its owner (for system administrators).
 * `search` matches the key's name or its owner's email, ignoring case. Two statements a page: the keys, then
 * their owners.
 */
export async function listAllServiceKeys(
  db: DatabaseExecutor,
  options: AllServiceKeysInput & { page: PageRequest },
): Promise<Page<ServiceKeyWithOwner>> {
  const { search } = allServiceKeysInputSchema.parse({ search: options.search });
  const pattern = search ? `%${escapeLikePattern(search)}%` : undefined;
  const page = await findPage({
    db,
    table: serviceKeys,
    shape: pattern ? 'search' : 'all',
    where: (bind) => {
      if (!pattern) return isNull(serviceKeys.revokedAt);
      const boundPattern = bind(pattern);
      return and(
        isNull(serviceKeys.revokedAt),
        or(
          ilike(serviceKeys.name, boundPattern),
          inArray(serviceKeys.userId, db.select({ id: users.id }).from(users).where(ilike(users.email, boundPattern))),
        ),
      );
    },
    sortTerms: newestKeyFirst,
    page: options.page,
  });
  const ownerIds = [...new Set(page.edges.map((edge) => edge.node.userId))];
  const owners = ownerIds.length > 0 ? await db.select().from(users).where(inArray(users.id, ownerIds)) : [];
  const ownersById = new Map(owners.map((owner) => [owner.id, owner]));
  // A key whose owner was deleted between the two statements went with its owner (cascade): leave it out.
  return {
    ...page,
    edges: page.edges.flatMap((edge) => {
      const owner = ownersById.get(edge.node.userId);
      return owner ? [{ cursor: edge.cursor, node: { ...edge.node, owner } }] : [];
    }),
  };
}

/**
 * A system administrator revokes anyone's key; it stops working with its next call. The event names the
 * owner, so the owner's own event-log rows are not the only trace.
 */
export async function revokeAnyServiceKey(
  db: DatabaseExecutor,
  { actor, serviceKeyId }: { actor: Actor; serviceKeyId: string },
): Promise<ServiceKeyWithOwner> {
  if (!z.uuid().safeParse(serviceKeyId).success) throw serviceKeyNotFound();
  return db.transaction(async (transaction) => {
    const [revoked] = await transaction
      .update(serviceKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(serviceKeys.id, serviceKeyId), isNull(serviceKeys.revokedAt)))
      .returning();
    if (!revoked) throw serviceKeyNotFound();
    const [owner] = await transaction.select().from(users).where(eq(users.id, revoked.userId));
    await recordEvent(transaction, {
      eventType: 'service_key.revoked',
      actor,
      payload: {
        serviceKeyId: revoked.id,
        name: revoked.name,
        prefix: revoked.prefix,
        ownerUserId: owner!.id,
        ownerEmail: owner!.email,
      },
    });
    return { ...revoked, owner: owner! };
  });
}
