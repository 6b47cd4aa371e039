import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { createWebhookVerifier } from './webhook-signature.js';
import {
  processWebhookLog,
  storeWebhookDelivery,
  webhookEnvelopeSchema,
  webhookLogStateOf,
} from './webhooks.service.js';

export const BILLING_WEBHOOK_PATH = '/api/webhooks/billing';
/** A billing event is a few kilobytes; each delivery is stored whole in the webhook log. */
export const WEBHOOK_BODY_LIMIT_BYTES = 262_144;

/**
 * `POST /api/webhooks/billing` (docs/webhooks.md). Registered in its own encapsulated context so its
 * raw-body parser, which the signature check needs, applies to this route only.
 */
export async function registerWebhookRoutes(
  app: FastifyInstance,
  { config, db }: { config: Pick<Config, 'billingWebhookSecrets'>; db: Database },
): Promise<void> {
  const verifier =
    config.billingWebhookSecrets.length > 0 ? createWebhookVerifier(config.billingWebhookSecrets) : undefined;

  await app.register((webhookScope, _options, registered) => {
    webhookScope.removeAllContentTypeParsers();
    webhookScope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    webhookScope.post(BILLING_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request, reply) => {
      if (!verifier) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Billing webhooks are not configured (BILLING_WEBHOOK_SECRET).');
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { 'webhook-id': webhookId } = verifier.verify(rawBody, request.headers);

      let parsedBody: unknown;
      try {
        parsedBody = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('INVALID_REQUEST', 'The webhook body is not JSON.');
      }
      // PostgreSQL's jsonb cannot hold these: refused here, before a failed insert could log the whole payload.
      if (containsUnstorableText(parsedBody)) {
        throw new AppError(
          'INVALID_REQUEST',
          'The webhook body has a NUL character or an unpaired surrogate in a string.',
        );
      }
      const envelope = webhookEnvelopeSchema.safeParse(parsedBody);
      if (!envelope.success) {
        throw new AppError('INVALID_REQUEST', 'The webhook body must be {"type", "timestamp", "data"}.');
      }

      const { log, isDuplicate } = await storeWebhookDelivery(db, { webhookId, envelope: envelope.data });
      if (isDuplicate) {
        request.log.info({ webhookId, webhookLogId: log.id }, 'billing webhook redelivered; already stored');
        return reply.status(200).send({ webhookLogId: log.id, duplicate: true, processed: log.processed });
      }
      const processed = await processWebhookLog(db, {
        logId: log.id,
        actor: null,
        logger: request.log as unknown as Logger,
      });
      request.log.info(
        { webhookId, webhookLogId: log.id, eventType: log.eventType, state: webhookLogStateOf(processed) },
        'billing webhook stored',
      );
      return reply.status(200).send({
        webhookLogId: log.id,
        duplicate: false,
        processed: processed.processed,
        state: webhookLogStateOf(processed),
        error: processed.error,
      });
    });
    registered();
  });
}

/** What graphql/armor.ts refuses in GraphQL values too: PostgreSQL text and jsonb cannot hold U+0000 or a lone surrogate. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

/** Whether any string or key in a parsed JSON value has text PostgreSQL cannot store; iterative for deep bodies. */
function containsUnstorableText(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (UNSTORABLE_TEXT.test(item)) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (UNSTORABLE_TEXT.test(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
