import { eq } from 'drizzle-orm';
import { type UpdateMyProfileInput, updateMyProfileInputSchema } from '@dxp/contracts/profile';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { termsOfService } from '../users/terms-of-service.js';

/** `GetMyProfile(userId)`: only the caller's own profile exists for them; any other id is NOT_FOUND. */
export function getMyProfile({ actor, userId }: { actor: Actor; userId?: string | null }): UserRow {
  if (userId != null && userId !== actor.user.id) throw new AppError('NOT_FOUND', 'User not found.');
  return actor.user;
}

/** Names and phone; the email belongs to the identity provider and changes there only. */
export async function updateMyProfile(
  db: DatabaseExecutor,
  options: { actor: Actor; input: UpdateMyProfileInput },
): Promise<UserRow> {
  const { actor } = options;
  const input = updateMyProfileInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    const [updated] = await transaction
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, actor.user.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'User not found.');
    const changedFields = (['firstName', 'lastName', 'primaryPhone'] as const).filter(
      (field) => actor.user[field] !== updated[field],
    );
    await recordEvent(transaction, { eventType: 'profile.updated', actor, payload: { changedFields } });
    return updated;
  });
}

/**
 * Records that the caller accepted the current terms. A client that shows an older text passes its
 * version and is refused, so no one accepts a text they were not shown.
 */
export async function acceptTerms(
  db: DatabaseExecutor,
  options: { actor: Actor; version?: string | null },
): Promise<UserRow> {
  const { actor, version } = options;
  if (version != null && version !== termsOfService.version) {
    throw new AppError(
      'INVALID_CONTENT',
      'The terms of service have changed: read the current version and accept it.',
      {
        field: 'version',
        currentVersion: termsOfService.version,
      },
    );
  }
  return db.transaction(async (transaction) => {
    const [updated] = await transaction
      .update(users)
      .set({ termsAcceptedAt: new Date(), acceptedTermsVersion: termsOfService.version, updatedAt: new Date() })
      .where(eq(users.id, actor.user.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'User not found.');
    await recordEvent(transaction, {
      eventType: 'terms.accepted',
      actor,
      payload: { version: termsOfService.version },
    });
    return updated;
  });
}
