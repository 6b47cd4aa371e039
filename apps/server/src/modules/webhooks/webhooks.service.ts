import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { ZodError, z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { defineFilteredList, findFilteredPage, type ListRequest } from '../../db/filtered-list.js';
import type { Page } from '../../db/keyset-pagination.js';
import { webhookLogs } from '../../db/schema/billing.js';
import { AppError, isAppError } from '../../errors.js';
import { upsertBillingCustomer, upsertInvoice, type UpsertOutcome } from '../billing/billing.service.js';
import { recordEvent } from '../event-logs/event-logs.service.js';

export type WebhookLogRow = typeof webhookLogs.$inferSelect;

/** The body every billing webhook carries (docs/design.md §6, docs/webhooks.md). */
export const webhookEnvelopeSchema = z.object({
  type: z.string().trim().min(1).max(100),
  timestamp: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

type EventHandler = (db: DatabaseExecutor, options: { data: unknown; eventTime: Date }) => Promise<UpsertOutcome>;

const eventHandlers: Record<string, EventHandler> = {
  'customer.upserted': upsertBillingCustomer,
  'invoice.upserted': upsertInvoice,
};

/**
 * Stores a verified delivery under its `webhook-id`. A redelivery (even one racing the first) inserts
 * nothing and returns the stored log with `isDuplicate`, so it is never processed twice.
 */
export async function storeWebhookDelivery(
  db: DatabaseExecutor,
  options: { webhookId: string; envelope: WebhookEnvelope },
): Promise<{ log: WebhookLogRow; isDuplicate: boolean }> {
  const { webhookId, envelope } = options;
  const [inserted] = await db
    .insert(webhookLogs)
    .values({ externalId: webhookId, eventType: envelope.type, payload: envelope })
    .onConflictDoNothing({ target: webhookLogs.externalId })
    .returning();
  if (inserted) return { log: inserted, isDuplicate: false };
  const [stored] = await db.select().from(webhookLogs).where(eq(webhookLogs.externalId, webhookId));
  return { log: stored!, isDuplicate: true };
}

/**
 * Applies a stored delivery to billing customers and invoices and marks it processed, all in one
 * transaction; when applying fails, the log stays unprocessed with the reason. With an `actor` this is an
 * administrator's replay: it must find the log unprocessed and is recorded as `webhook.replayed`.
 */
export async function processWebhookLog(
  db: DatabaseExecutor,
  options: { logId: string; actor: Actor | null; logger: Logger },
): Promise<WebhookLogRow> {
  const { logId, actor, logger } = options;
  return db.transaction(async (transaction) => {
    const [log] = await transaction.select().from(webhookLogs).where(eq(webhookLogs.id, logId)).for('update');
    if (!log) throw webhookLogNotFound();
    if (log.processed) {
      if (actor) throw new AppError('INVALID_CONTENT', 'This webhook log has already been processed.');
      return log;
    }

    let outcome: Pick<WebhookLogRow, 'processed' | 'ignored' | 'error' | 'note' | 'processedAt'>;
    try {
      // A savepoint: a failure undoes the partial change but keeps the transaction for recording it.
      const applied = await transaction.transaction((savepoint) => applyWebhookEvent(savepoint, log));
      outcome = { processed: true, ...applied, error: null, processedAt: new Date() };
    } catch (error) {
      outcome = {
        processed: false,
        ignored: false,
        error: describeFailure(error, log, logger),
        note: null,
        processedAt: null,
      };
    }
    const [updated] = await transaction.update(webhookLogs).set(outcome).where(eq(webhookLogs.id, log.id)).returning();
    if (actor) {
      await recordEvent(transaction, {
        eventType: 'webhook.replayed',
        actor,
        payload: { webhookLogId: log.id, externalId: log.externalId, processed: outcome.processed },
      });
    }
    return updated!;
  });
}

/** Returns whether the event type was ignored and the note to keep with the log, or null. */
async function applyWebhookEvent(
  db: DatabaseExecutor,
  log: WebhookLogRow,
): Promise<{ ignored: boolean; note: string | null }> {
  const envelope = webhookEnvelopeSchema.parse(log.payload);
  const handler = Object.hasOwn(eventHandlers, envelope.type) ? eventHandlers[envelope.type] : undefined;
  if (!handler) {
    return { ignored: true, note: `The portal does not handle ${envelope.type} events; the delivery is only logged.` };
  }
  const outcome = await handler(db, { data: envelope.data, eventTime: new Date(envelope.timestamp) });
  const note = outcome === 'stale' ? 'A newer event had already updated this record; nothing was changed.' : null;
  return { ignored: false, note };
}

export type WebhookLogState = 'PROCESSED' | 'IGNORED' | 'UNPROCESSED';

/** One word for what became of a delivery, for the log list and the route's answer. */
export function webhookLogStateOf(log: Pick<WebhookLogRow, 'processed' | 'ignored'>): WebhookLogState {
  if (!log.processed) return 'UNPROCESSED';
  return log.ignored ? 'IGNORED' : 'PROCESSED';
}

function describeFailure(error: unknown, log: WebhookLogRow, logger: Logger): string {
  if (isAppError(error)) return error.message;
  if (error instanceof ZodError) {
    const problems = error.issues.map((issue) => `${['data', ...issue.path.map(String)].join('.')}: ${issue.message}`);
    return `The ${log.eventType} payload is invalid: ${problems.join('; ')}`;
  }
  logger.error({ err: error, webhookLogId: log.id }, 'processing a billing webhook failed');
  return 'Unexpected error while processing; the server log has the details.';
}

const webhookLogNotFound = () => new AppError('NOT_FOUND', 'Webhook log not found.');

export async function requireWebhookLog(db: DatabaseExecutor, id: string): Promise<WebhookLogRow> {
  const [log] = z.uuid().safeParse(id).success ? await db.select().from(webhookLogs).where(eq(webhookLogs.id, id)) : [];
  if (!log) throw webhookLogNotFound();
  return log;
}

/** An administrator reprocesses a log that failed, typically after its cause was fixed. */
export async function replayWebhookLog(
  db: DatabaseExecutor,
  options: { actor: Actor; logId: string; logger: Logger },
): Promise<WebhookLogRow> {
  if (!z.uuid().safeParse(options.logId).success) throw webhookLogNotFound();
  return processWebhookLog(db, options);
}

export const webhookLogList = defineFilteredList(webhookLogs, {
  filter: { externalId: 'string', eventType: 'string', processed: 'boolean', createdAt: 'dateTime' },
  /** Only what the (…, created_at, id) indexes serve. */
  sort: { createdAt: webhookLogs.createdAt },
  defaultOrder: [{ createdAt: 'DESC' }],
});

export async function listWebhookLogs(
  db: DatabaseExecutor,
  options: ListRequest<typeof webhookLogList>,
): Promise<Page<WebhookLogRow>> {
  return findFilteredPage(db, webhookLogList, options);
}
