import { count, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { escapeLikePattern } from '../../db/filter-conditions.js';
import { findPage, type Page, type PageRequest, resolveSortTerms } from '../../db/keyset-pagination.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { findUserById } from '../users/users.service.js';

/** Served by the `users_name_order` index. */
const byName = resolveSortTerms({
  order: null,
  sortable: { firstName: users.firstName, lastName: users.lastName, email: users.email },
  defaultOrder: [{ firstName: 'ASC' }, { lastName: 'ASC' }, { email: 'ASC' }],
  id: users.id,
});

/** Every user, ordered by first name, last name and email; `search` matches any of the three, ignoring case. */
export async function listAllUsers(
  db: DatabaseExecutor,
  options: { search?: string | null; page: PageRequest },
): Promise<Page<UserRow>> {
  const search = options.search?.trim();
  const pattern = search ? `%${escapeLikePattern(search)}%` : undefined;
  return findPage({
    db,
    table: users,
    shape: pattern ? 'search' : 'all',
    where: (bind) => {
      if (!pattern) return undefined;
      const boundPattern = bind(pattern);
      return or(
        ilike(users.email, boundPattern),
        ilike(users.firstName, boundPattern),
        ilike(users.lastName, boundPattern),
      );
    },
    sortTerms: byName,
    page: options.page,
  });
}

export async function requireUser(db: DatabaseExecutor, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  return user;
}

const personName = z.string().trim().min(1, 'Enter a name.').max(100, 'At most 100 characters.');
/** Empty text clears a nullable field. */
const clearableText = (maximum: number) =>
  z
    .string()
    .trim()
    .max(maximum, `At most ${maximum} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullish();

export const updateUserInputSchema = z.object({
  id: z.string(),
  firstName: personName.nullish(),
  lastName: personName.nullish(),
  primaryPhone: clearableText(40).refine((value) => value == null || /^\+?[0-9 ()./-]{3,40}$/.test(value), {
    message: 'Enter a phone number of digits, spaces and + ( ) . / -.',
  }),
  isSystemAdmin: z.boolean().nullish(),
  ordwayCustomerId: clearableText(100),
});
/** Omitted fields keep their value; `null` or empty text clears the nullable ones. */
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/** Arbitrary constant: serialises demotions so two admins cannot demote each other at the same time. */
const SYSTEM_ADMIN_CHANGE_LOCK_ID = 7_419_201;

/** A system administrator edits any user; the last system administrator cannot be demoted. */
export async function updateUser(
  db: DatabaseExecutor,
  options: { actor: Actor; input: UpdateUserInput },
): Promise<UserRow> {
  const { actor } = options;
  const input = updateUserInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    if (input.isSystemAdmin === false) {
      await transaction.execute(sql`select pg_advisory_xact_lock(${SYSTEM_ADMIN_CHANGE_LOCK_ID})`);
    }
    // Read after the lock, so a demotion that committed while we waited is seen.
    const user = await requireUser(transaction, input.id);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.firstName != null) changes.firstName = input.firstName;
    if (input.lastName != null) changes.lastName = input.lastName;
    if (input.primaryPhone !== undefined) changes.primaryPhone = input.primaryPhone;
    if (input.ordwayCustomerId !== undefined) changes.ordwayCustomerId = input.ordwayCustomerId;
    if (input.isSystemAdmin != null) changes.isSystemAdmin = input.isSystemAdmin;

    if (user.isSystemAdmin && changes.isSystemAdmin === false) {
      const [admins] = await transaction.select({ total: count() }).from(users).where(eq(users.isSystemAdmin, true));
      if ((admins?.total ?? 0) <= 1) {
        throw new AppError(
          'INVALID_CONTENT',
          'The last system administrator cannot be demoted. Make someone else an administrator first.',
          {
            field: 'userInput.isSystemAdmin',
          },
        );
      }
    }

    const [updated] = await transaction
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordEvent(transaction, {
      eventType: 'user.updated',
      actor,
      payload: { userId: user.id, email: user.email, changes },
    });
    return updated!;
  });
}
