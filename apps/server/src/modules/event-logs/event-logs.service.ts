import { eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { defineFilterFields, filterCondition, type FilterInput } from '../../db/filter-conditions.js';
import { findPage, type OrderInput, type Page, type PageRequest, resolveSortTerms } from '../../db/keyset-pagination.js';
import { eventLogs } from '../../db/schema/events.js';
import { AppError } from '../../errors.js';

/** Keys whose values are credentials; they never reach the audit trail, at any depth. */
const secretKeyPattern = /password|passwd|secret|token|authorization|cookie|credential|keyhash|key$/i;

export interface RecordEventOptions {
  /** Dotted past tense, e.g. `team.created`, `notification.read`. */
  eventType: string;
  /** `null` for events without a signed-in caller (webhooks, jobs). */
  actor: Actor | null;
  payload?: Record<string, unknown>;
}

/** Writes one audit row; pass the mutation's transaction so the event and the change commit together. */
export async function recordEvent(executor: DatabaseExecutor, options: RecordEventOptions): Promise<void> {
  const { eventType, actor, payload = {} } = options;
  await executor.insert(eventLogs).values({
    eventType,
    userId: actor?.user.id ?? null,
    userEmail: actor?.user.email ?? null,
    payload: withoutSecrets(payload) as Record<string, unknown>,
  });
}

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !secretKeyPattern.test(key))
        .map(([key, nested]) => [key, withoutSecrets(nested)]),
    );
  }
  return value;
}

export type EventLogRow = typeof eventLogs.$inferSelect;

export const eventLogFilterFields = defineFilterFields({
  eventType: { kind: 'string', column: eventLogs.eventType },
  userEmail: { kind: 'string', column: eventLogs.userEmail },
  date: { kind: 'dateTime', column: eventLogs.date },
});
export type EventLogFilter = FilterInput<typeof eventLogFilterFields>;

/** Only what the (…, date, id) indexes serve. */
export const eventLogSortFields = { date: eventLogs.date };
export type EventLogOrder = OrderInput<keyof typeof eventLogSortFields>;
const newestFirst: EventLogOrder = [{ date: 'DESC' }];

/** The audit trail, newest first unless ordered otherwise; for system administrators. */
export async function listEventLogs(
  db: DatabaseExecutor,
  options: { where?: EventLogFilter | null; order?: EventLogOrder | null; page: PageRequest },
): Promise<Page<EventLogRow>> {
  return findPage({
    db,
    table: eventLogs,
    where: filterCondition(eventLogFilterFields, options.where),
    sortTerms: resolveSortTerms({ order: options.order, sortable: eventLogSortFields, defaultOrder: newestFirst, id: eventLogs.id }),
    page: options.page,
  });
}

export async function requireEventLog(db: DatabaseExecutor, id: string): Promise<EventLogRow> {
  const [eventLog] = z.uuid().safeParse(id).success ? await db.select().from(eventLogs).where(eq(eventLogs.id, id)) : [];
  if (!eventLog) throw new AppError('NOT_FOUND', 'Event log entry not found.');
  return eventLog;
}

/**
 * Deletes events dated before `olderThan`, `batchSize` rows per statement so no single statement holds
 * locks for long; replicas pruning at once skip each other's rows. Returns how many were deleted.
 */
export async function pruneEventLogs(
  db: DatabaseExecutor,
  options: { olderThan: Date; batchSize?: number },
): Promise<number> {
  const { olderThan, batchSize = 5_000 } = options;
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: eventLogs.id })
      .from(eventLogs)
      .where(lt(eventLogs.date, olderThan))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db.delete(eventLogs).where(inArray(eventLogs.id, batch)).returning({ id: eventLogs.id });
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}
