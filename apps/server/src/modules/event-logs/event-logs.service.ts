import { eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { defineFilteredList, findFilteredPage, type ListFilter, type ListRequest } from '../../db/filtered-list.js';
import type { Page } from '../../db/keyset-pagination.js';
import { eventLogs } from '../../db/schema/events.js';
import { AppError } from '../../errors.js';

/** Keys whose values are credentials; they never reach the audit trail, at any depth. */
const secretKeyPattern = /password|passwd|secret|token|authorization|cookie|credential|keyhash|key$/i;

/** Query (or fragment) parameters of a web address whose values are credentials: `?token=`, `&api_key=`, `#access_token=`… */
const secretParameterPattern =
  /token|key|secret|passw|pwd|code|signature|auth|credential|session|(?:^|[^a-z])sig(?:$|[^a-z])/i;

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

/**
 * The payload as it may be stored: keys named like credentials are dropped, and every web address loses its
 * `user:password@` and the values of its credential-like query and fragment parameters, at any depth.
 */
export function withoutSecrets(value: unknown): unknown {
  if (typeof value === 'string') return withoutAddressSecrets(value);
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

const redacted = 'redacted';

/** A URL with its credentials redacted; any other text, or a URL without credentials, exactly as it was. */
function withoutAddressSecrets(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || !URL.canParse(text)) return text;
  const address = new URL(text);
  let isChanged = false;
  if (address.username || address.password) {
    address.username = '';
    address.password = '';
    isChanged = true;
  }
  for (const name of new Set(address.searchParams.keys())) {
    if (secretParameterPattern.test(name)) {
      address.searchParams.set(name, redacted);
      isChanged = true;
    }
  }
  // OAuth's implicit flow puts tokens in the fragment: `#access_token=…&state=…`.
  if (address.hash.includes('=')) {
    const fragment = new URLSearchParams(address.hash.slice(1));
    const secretNames = [...new Set(fragment.keys())].filter((name) => secretParameterPattern.test(name));
    if (secretNames.length > 0) {
      for (const name of secretNames) fragment.set(name, redacted);
      address.hash = fragment.toString();
      isChanged = true;
    }
  }
  return isChanged ? address.toString() : text;
}

export type EventLogRow = typeof eventLogs.$inferSelect;

export const eventLogList = defineFilteredList(eventLogs, {
  filter: { eventType: 'string', userEmail: 'string', date: 'dateTime' },
  /** Only what the (…, date, id) indexes serve. */
  sort: { date: eventLogs.date },
  defaultOrder: [{ date: 'DESC' }],
});
export type EventLogFilter = ListFilter<typeof eventLogList>;

/** The audit trail, newest first unless ordered otherwise; for system administrators. */
export async function listEventLogs(
  db: DatabaseExecutor,
  options: ListRequest<typeof eventLogList>,
): Promise<Page<EventLogRow>> {
  return findFilteredPage(db, eventLogList, options);
}

export async function requireEventLog(db: DatabaseExecutor, id: string): Promise<EventLogRow> {
  const [eventLog] = z.uuid().safeParse(id).success
    ? await db.select().from(eventLogs).where(eq(eventLogs.id, id))
    : [];
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
