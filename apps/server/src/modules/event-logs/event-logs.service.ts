import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { eventLogs } from '../../db/schema/events.js';

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
