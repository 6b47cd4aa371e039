import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { BILLING_WEBHOOK_PATH } from './modules/webhooks/webhook-routes.js';
import { signWebhook } from './modules/webhooks/webhook-signature.js';

const usage = 'Usage: npm run webhook:send -- <payload.json> [--id <webhook-id>]';

/** Signs `body` exactly as the billing system does and posts it; resolves to the server's answer. */
export async function sendSignedWebhook(options: {
  url: string;
  secret: string;
  body: string;
  webhookId?: string;
}): Promise<{ status: number; body: string }> {
  const headers = signWebhook({
    secret: options.secret,
    webhookId: options.webhookId ?? `msg_${randomUUID()}`,
    timestamp: new Date(),
    body: options.body,
  });
  const response = await fetch(options.url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: options.body,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.text() };
}

/**
 * `npm run webhook:send -- <file> [--id <webhook-id>]`: posts the file, unchanged, to this installation's
 * billing webhook, signed with the first BILLING_WEBHOOK_SECRET. Resolves to the exit code.
 */
export async function runSendWebhook(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  let file: string | undefined;
  let webhookId: string | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { id: { type: 'string' } },
    });
    [file] = positionals;
    webhookId = values.id;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 64; // EX_USAGE
  }
  if (!file) {
    console.error(usage);
    return 64;
  }
  let config;
  try {
    config = loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78; // EX_CONFIG
    }
    throw error;
  }
  const [secret] = config.billingWebhookSecrets;
  if (!secret) {
    console.error('BILLING_WEBHOOK_SECRET is not set: nothing to sign with.');
    return 78;
  }
  // npm runs workspace scripts in the workspace folder; a relative path means where the command was typed.
  const path = resolve(environment.INIT_CWD ?? process.cwd(), file);
  const body = await readFile(path, 'utf8');
  const url = `${config.publicUrl}${BILLING_WEBHOOK_PATH}`;
  const response = await sendSignedWebhook({ url, secret, body, webhookId });
  console.log(`POST ${url} → ${response.status}\n${response.body}`);
  return response.status >= 200 && response.status < 300 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runSendWebhook(process.argv.slice(2));
}
