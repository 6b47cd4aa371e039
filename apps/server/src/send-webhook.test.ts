import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices, webhookLogs } from './db/schema/billing.js';
import { runSendWebhook } from './send-webhook.js';
import { createTestApp, type TestApp } from './test/app.js';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const serverFolder = fileURLToPath(new URL('..', import.meta.url));
let testApp: TestApp;
let environment: NodeJS.ProcessEnv;

beforeAll(async () => {
  testApp = await createTestApp({ BILLING_WEBHOOK_SECRET: secret });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  environment = { BILLING_WEBHOOK_SECRET: secret, PUBLIC_URL: `http://127.0.0.1:${port}`, INIT_CWD: serverFolder };
});
afterAll(async () => {
  vi.restoreAllMocks();
  await testApp.close();
});

describe('npm run webhook:send', () => {
  it('signs and posts the example payloads, relative to where the command was typed, and prints the answer', async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await runSendWebhook(['scripts/webhook-examples/customer-upserted.json'], environment)).toBe(0);
    expect(
      await runSendWebhook(
        ['scripts/webhook-examples/invoice-upserted.json', '--id', 'msg_example_invoice'],
        environment,
      ),
    ).toBe(0);
    expect(printed.mock.calls.at(-1)?.[0]).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/billing → 200\n\{.*"processed":true/,
    );

    const [log] = await testApp.database.db
      .select()
      .from(webhookLogs)
      .where(eq(webhookLogs.externalId, 'msg_example_invoice'));
    expect(log).toMatchObject({ eventType: 'invoice.upserted', processed: true });
    const [invoice] = await testApp.database.db.select().from(invoices).where(eq(invoices.id, 'INV-2026-0117'));
    expect(invoice).toMatchObject({ customerId: 'C-00042', invoiceAmount: 1500, balance: 1500 });
  });

  it('fails with a usage message without a file, and without a secret', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runSendWebhook([], environment)).toBe(64);
    expect(
      await runSendWebhook(['scripts/webhook-examples/customer-upserted.json'], {
        ...environment,
        BILLING_WEBHOOK_SECRET: '',
      }),
    ).toBe(78);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('Usage: npm run webhook:send'),
      expect.stringContaining('BILLING_WEBHOOK_SECRET is not set'),
    ]);
  });

  it('exits non-zero when the server refuses the delivery', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const wrongSecret = { ...environment, BILLING_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}` };
    expect(await runSendWebhook(['scripts/webhook-examples/customer-upserted.json'], wrongSecret)).toBe(1);
  });
});
