import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { AppError } from '../../errors.js';

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export interface WebhookVerifier {
  /**
   * Checks the Standard Webhooks signature of `rawBody` (the bytes as received) against every configured
   * secret, and the timestamp against a five-minute window either way. Throws AUTH_NOT_AUTHENTICATED.
   */
  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookHeaders;
}

/** `secrets` are `whsec_<base64>` values; several are accepted at once while a secret is being rotated. */
export function createWebhookVerifier(secrets: readonly string[]): WebhookVerifier {
  const webhooks = secrets.map((secret, index) => {
    const invalid = new Error(`BILLING_WEBHOOK_SECRET: secret number ${index + 1} is not a whsec_<base64> value`);
    if (!secret.startsWith('whsec_')) throw invalid;
    try {
      return new Webhook(secret);
    } catch {
      throw invalid;
    }
  });
  return {
    verify(rawBody, headers) {
      const signed = {
        'webhook-id': singleHeader(headers['webhook-id']),
        'webhook-timestamp': singleHeader(headers['webhook-timestamp']),
        'webhook-signature': singleHeader(headers['webhook-signature']),
      };
      let lastFailure = 'No secret is configured';
      for (const webhook of webhooks) {
        try {
          webhook.verify(rawBody, signed, { jsonParse: false });
          return signed;
        } catch (error) {
          if (!(error instanceof WebhookVerificationError)) throw error;
          lastFailure = error.message;
        }
      }
      throw new AppError('AUTH_NOT_AUTHENTICATED', `The webhook signature was not accepted: ${lastFailure}.`);
    },
  };
}

function singleHeader(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** The headers a sender attaches to `body`; used by `npm run webhook:send` and by tests. */
export function signWebhook(options: {
  secret: string;
  webhookId: string;
  timestamp: Date;
  body: string;
}): WebhookHeaders {
  const { secret, webhookId, timestamp, body } = options;
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(webhookId, timestamp, body),
  };
}
