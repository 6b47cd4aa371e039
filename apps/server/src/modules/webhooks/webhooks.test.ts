import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, invoices, webhookLogs } from '../../db/schema/billing.js';
import { eventLogs } from '../../db/schema/events.js';
import { loadConfig } from '../../config.js';
import { createCapturingLogger, createTestApp, type TestApp } from '../../test/app.js';
import { type GraphqlResponse, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { webDocument, webDocumentSelecting } from '../../test/web-documents.js';
import { createWebhookVerifier, signWebhook } from './webhook-signature.js';
import { BILLING_WEBHOOK_PATH } from './webhook-routes.js';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const currentSecret = newSecret();
const previousSecret = newSecret();

let testApp: TestApp;
let systemAdmin: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp({ BILLING_WEBHOOK_SECRET: `${currentSecret} ${previousSecret}` });
  systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
});
afterAll(async () => {
  await testApp.close();
});

function customerEvent(id: string, overrides: Record<string, unknown> = {}, timestamp = new Date().toISOString()) {
  return {
    type: 'customer.upserted',
    timestamp,
    data: {
      id,
      name: 'Acme Ltd',
      status: 'active',
      billingCycleDay: 1,
      billingContactEmail: 'billing@acme.test',
      payNowUrl: 'https://billing.test/pay/acme',
      openInvoicesUrl: 'https://billing.test/open/acme',
      ...overrides,
    },
  };
}

function invoiceEvent(id: string, customerId: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'invoice.upserted',
    timestamp: new Date().toISOString(),
    data: {
      id,
      customerId,
      customerName: 'Acme Ltd',
      status: 'open',
      invoiceDate: '2026-11-01',
      dueDate: '2026-12-01',
      createdDate: '2026-11-01T09:30:00Z',
      subtotal: 100,
      invoiceTax: 20,
      invoiceAmount: 120,
      paidAmount: 0,
      balance: 120,
      invoicePdfUrl: 'https://billing.test/invoices/1.pdf',
      ...overrides,
    },
  };
}

async function deliver(options: {
  body: string;
  secret?: string;
  webhookId?: string;
  timestamp?: Date;
  /** What actually travels, when a test changes the body after signing. */
  sentBody?: string;
  /** The `webhook-signature` header that travels, made from the correct one. */
  signatureHeader?: (correct: string) => string;
}) {
  const headers = signWebhook({
    secret: options.secret ?? currentSecret,
    webhookId: options.webhookId ?? `msg_${randomUUID()}`,
    timestamp: options.timestamp ?? new Date(),
    body: options.body,
  });
  if (options.signatureHeader) headers['webhook-signature'] = options.signatureHeader(headers['webhook-signature']);
  return testApp.app.inject({
    method: 'POST',
    url: BILLING_WEBHOOK_PATH,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: options.sentBody ?? options.body,
  });
}

const logsOf = (webhookId: string) =>
  testApp.database.db.select().from(webhookLogs).where(eq(webhookLogs.externalId, webhookId));

describe('POST /api/webhooks/billing: verification', () => {
  it('accepts a delivery signed with the current secret and stores it processed', async () => {
    const webhookId = `msg_${randomUUID()}`;
    const response = await deliver({ body: JSON.stringify(customerEvent('C-verified')), webhookId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ duplicate: false, processed: true });
    expect(await logsOf(webhookId)).toMatchObject([{ eventType: 'customer.upserted', processed: true, error: null }]);
    const [customer] = await testApp.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.id, 'C-verified'));
    expect(customer).toMatchObject({
      name: 'Acme Ltd',
      billingCycleDay: 1,
      payNowUrl: 'https://billing.test/pay/acme',
    });
  });

  it('accepts the previous secret while it is being rotated', async () => {
    const response = await deliver({ body: JSON.stringify(customerEvent('C-rotated')), secret: previousSecret });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a re-serialised body, a wrong secret, and timestamps over 300 s old or ahead, storing nothing', async () => {
    const body = JSON.stringify(customerEvent('C-refused'), null, 2);
    // The header counts whole seconds and the check compares them with the current second: 302 s, taken just before
    // each delivery, stays over the 300 s tolerance even when the delivery starts in the next second.
    const refused = [
      { reason: 're-serialised body', body, sentBody: JSON.stringify(JSON.parse(body)) },
      { reason: 'wrong secret', body, secret: newSecret() },
      { reason: '302 s old', body, timestampOffset: -302_000 },
      { reason: '302 s ahead', body, timestampOffset: 302_000 },
    ];
    for (const { reason, timestampOffset, ...attempt } of refused) {
      const webhookId = `msg_${randomUUID()}`;
      const timestamp = timestampOffset === undefined ? undefined : new Date(Date.now() + timestampOffset);
      const response = await deliver({ ...attempt, timestamp, webhookId });
      expect(response.statusCode, reason).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'AUTH_NOT_AUTHENTICATED' } });
      expect(await logsOf(webhookId)).toEqual([]);
    }
    const [customer] = await testApp.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.id, 'C-refused'));
    expect(customer).toBeUndefined();
  });

  it('API2:2023 broken authentication – accepts a header of several signatures when one of them is right, and refuses it when none is', async () => {
    const forged = () => `v1,${randomBytes(32).toString('base64')}`;
    const body = JSON.stringify(customerEvent('C-several-signatures'));
    const acceptedId = `msg_${randomUUID()}`;
    const accepted = await deliver({
      body,
      webhookId: acceptedId,
      signatureHeader: (correct) => `${forged()} ${correct}`,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await logsOf(acceptedId)).toMatchObject([{ processed: true }]);

    const refusedId = `msg_${randomUUID()}`;
    const refused = await deliver({ body, webhookId: refusedId, signatureHeader: () => `${forged()} ${forged()}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'AUTH_NOT_AUTHENTICATED' } });
    expect(await logsOf(refusedId)).toEqual([]);
  });

  it('refuses a delivery without signature headers', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: BILLING_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(customerEvent('C-unsigned')),
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a signed body that is not a webhook envelope', async () => {
    const response = await deliver({ body: JSON.stringify({ hello: 'world' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
  });

  it('refuses a configured secret that is not whsec_<base64>, naming the variable', () => {
    for (const secret of ['plain-password', 'whsec_not*base64']) {
      expect(() => createWebhookVerifier([currentSecret, secret])).toThrow('BILLING_WEBHOOK_SECRET: secret number 2');
    }
  });

  it('ASVS V13.2 – stops the start-up at once, naming BILLING_WEBHOOK_SECRET, for a secret that is not whsec_<base64>', () => {
    for (const secret of ['plain-password', 'whsec_not*base64', `${currentSecret} whsec_`]) {
      expect(() => loadConfig({ BILLING_WEBHOOK_SECRET: secret })).toThrow(
        /BILLING_WEBHOOK_SECRET must be one or more whsec_<base64> secrets/,
      );
    }
    expect(
      loadConfig({ BILLING_WEBHOOK_SECRET: ` ${currentSecret}  ${previousSecret} ` }).billingWebhookSecrets,
    ).toEqual([currentSecret, previousSecret]);
  });

  it('API8:2023 – answers a signed body with a NUL character 400 INVALID_REQUEST, storing nothing and logging no payload', async () => {
    const { logger, logLines } = createCapturingLogger();
    const logged = await createTestApp({ BILLING_WEBHOOK_SECRET: currentSecret }, { logger });
    try {
      for (const name of ['Acme\u0000 Ltd', 'Acme \ud800 Ltd']) {
        const webhookId = `msg_${randomUUID()}`;
        const body = JSON.stringify(customerEvent('C-nul', { name }));
        const headers = signWebhook({ secret: currentSecret, webhookId, timestamp: new Date(), body });
        const response = await logged.app.inject({
          method: 'POST',
          url: BILLING_WEBHOOK_PATH,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
        expect(
          await logged.database.db.select().from(webhookLogs).where(eq(webhookLogs.externalId, webhookId)),
        ).toEqual([]);
      }
      expect(JSON.stringify(logLines)).not.toContain('billing@acme.test');
      expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  it('API4:2023 – refuses a body over 256 KiB with 413 before reading it into the log', async () => {
    const body = JSON.stringify(customerEvent('C-huge', { note: 'x'.repeat(262_144) }));
    const response = await deliver({ body });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
  });

  it('answers 503 when no secret is configured', async () => {
    const unconfigured = await createTestApp();
    try {
      const response = await unconfigured.app.inject({
        method: 'POST',
        url: BILLING_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('POST /api/webhooks/billing: idempotency and processing', () => {
  it('stores one log and one invoice when the same delivery arrives 20 times at once', async () => {
    await deliver({ body: JSON.stringify(customerEvent('C-burst')) });
    const webhookId = `msg_${randomUUID()}`;
    const body = JSON.stringify(invoiceEvent('INV-burst', 'C-burst'));
    const timestamp = new Date();
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver({ body, webhookId, timestamp })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((response) => response.json<{ duplicate: boolean }>().duplicate === false)).toHaveLength(1);
    expect(await logsOf(webhookId)).toHaveLength(1);
    const stored = await testApp.database.db.select().from(invoices).where(eq(invoices.id, 'INV-burst'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      customerId: 'C-burst',
      invoiceDate: '2026-11-01',
      invoiceAmount: 120,
      balance: 120,
    });
  });

  it('keeps a delivery that cannot be processed unprocessed with its error, and a replay completes it once fixed', async () => {
    const webhookId = `msg_${randomUUID()}`;
    const response = await deliver({ body: JSON.stringify(invoiceEvent('INV-early', 'C-late')), webhookId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ processed: false });
    const [log] = await logsOf(webhookId);
    expect(log).toMatchObject({ processed: false, processedAt: null });
    expect(log!.error).toContain('C-late');
    expect(await testApp.database.db.select().from(invoices).where(eq(invoices.id, 'INV-early'))).toEqual([]);

    const replay = () =>
      graphqlRequest<{ replayWebhookLog: { processed: boolean; error: string | null } }>(testApp, {
        query: webDocument('ReplayWebhookLog'),
        variables: { id: log!.id },
        credential: systemAdmin.accessToken,
      });
    const tooEarly = await replay();
    expect(tooEarly.data?.replayWebhookLog).toMatchObject({
      processed: false,
      error: expect.stringContaining('C-late') as unknown,
    });

    await deliver({ body: JSON.stringify(customerEvent('C-late')) });
    const replayed = await replay();
    expect(replayed.data?.replayWebhookLog).toMatchObject({ id: log!.id, processed: true, error: null });
    expect(await testApp.database.db.select().from(invoices).where(eq(invoices.id, 'INV-early'))).toHaveLength(1);

    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.eventType, 'webhook.replayed'))
      .orderBy(asc(eventLogs.date));
    expect(events.map((event) => event.payload)).toEqual([
      { webhookLogId: log!.id, externalId: webhookId, processed: false },
      { webhookLogId: log!.id, externalId: webhookId, processed: true },
    ]);

    const again = await replay();
    expect(again.errors?.[0]?.extensions?.code).toBe('INVALID_CONTENT');
  });

  it('keeps an invalid payload unprocessed, naming the fields, and refuses links that are not http(s)', async () => {
    const webhookId = `msg_${randomUUID()}`;
    const body = JSON.stringify(customerEvent('C-invalid', { name: '', payNowUrl: 'javascript:alert(1)' }));
    expect((await deliver({ body, webhookId })).json()).toMatchObject({ processed: false });
    const [log] = await logsOf(webhookId);
    expect(log!.error).toMatch(/data\.name: .*data\.payNowUrl: Must be an http\(s\) URL/);
  });

  it('logs an unknown event type as IGNORED with a note, not as processed', async () => {
    const webhookId = `msg_${randomUUID()}`;
    const body = JSON.stringify({
      type: 'subscription.renewed',
      timestamp: new Date().toISOString(),
      data: { id: 'S-1' },
    });
    const delivered = await deliver({ body, webhookId });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ processed: true, state: 'IGNORED' });
    const [log] = await logsOf(webhookId);
    expect(log).toMatchObject({ processed: true, error: null });
    expect(log!.note).toContain('subscription.renewed');
    const states = await graphqlRequest<{ webhookLog: { state: string } }>(testApp, {
      query: /* GraphQL */ `
        query GetWebhookLog($id: ID!) {
          webhookLog(id: $id) {
            state
          }
        }
      `,
      variables: { id: log!.id },
      credential: systemAdmin.accessToken,
    });
    expect(states.data).toEqual({ webhookLog: { state: 'IGNORED' } });
    const handled = await deliver({ body: JSON.stringify(customerEvent('C-state')) });
    expect(handled.json()).toMatchObject({ processed: true, state: 'PROCESSED' });
  });

  it('never lets an older event overwrite a newer one', async () => {
    await deliver({
      body: JSON.stringify(customerEvent('C-ordered', { status: 'suspended' }, '2026-11-20T10:00:00Z')),
    });
    const webhookId = `msg_${randomUUID()}`;
    await deliver({
      body: JSON.stringify(customerEvent('C-ordered', { status: 'active' }, '2026-11-20T09:00:00Z')),
      webhookId,
    });
    const [customer] = await testApp.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.id, 'C-ordered'));
    expect(customer!.status).toBe('suspended');
    const [log] = await logsOf(webhookId);
    expect(log).toMatchObject({ processed: true });
    expect(log!.note).toMatch(/newer event/);
  });
});

describe('webhookLogs and webhookLog', () => {
  // The webhook log page's own list, with the count of matches these tests also read.
  const listQuery = webDocumentSelecting('GetWebhookLogs', { pageInfo: 'totalCount' });
  interface WebhookLogsData {
    webhookLogs: {
      nodes: {
        id: string;
        externalId: string;
        eventType: string;
        processed: boolean;
        createdAt: string;
      }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      totalCount: number;
    };
  }
  /** The creation times of every log, page after page of `first`, in the order the pages list them. */
  async function createdAtOfEveryPage(variables: { first: number; order?: unknown }): Promise<string[]> {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: GraphqlResponse<WebhookLogsData> = await graphqlRequest<WebhookLogsData>(testApp, {
        query: listQuery,
        variables: { ...variables, after },
        credential: systemAdmin.accessToken,
      });
      seen.push(...page.data!.webhookLogs.nodes.map((node) => node.createdAt));
      after = page.data!.webhookLogs.pageInfo.hasNextPage ? page.data!.webhookLogs.pageInfo.endCursor : null;
    } while (after);
    return seen;
  }

  it('lists the unprocessed deliveries newest first and pages through all of them', async () => {
    const all = await testApp.database.db.select().from(webhookLogs);
    const unprocessed = all.filter((log) => !log.processed);
    expect(unprocessed.length).toBeGreaterThan(0);
    const filtered = await graphqlRequest<WebhookLogsData>(testApp, {
      query: listQuery,
      variables: { where: { processed: { eq: false } } },
      credential: systemAdmin.accessToken,
    });
    expect(filtered.data!.webhookLogs.totalCount).toBe(unprocessed.length);
    expect(filtered.data!.webhookLogs.nodes.every((node) => !node.processed)).toBe(true);

    const seen = await createdAtOfEveryPage({ first: 2 });
    expect(seen).toHaveLength(all.length);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('lists oldest first with order ASC, through every page', async () => {
    const all = await testApp.database.db.select().from(webhookLogs);
    const seen = await createdAtOfEveryPage({ first: 3, order: [{ createdAt: 'ASC' }] });
    expect(seen).toHaveLength(all.length);
    expect(seen).toEqual([...seen].sort());
    expect(seen[0]).toBe(all.map((log) => log.createdAt.toISOString()).sort()[0]);
  });

  it('shows one log with its payload, and NOT_FOUND for an unknown id', async () => {
    const [log] = await testApp.database.db.select().from(webhookLogs).limit(1);
    const detail = webDocument('GetWebhookLog');
    const found = await graphqlRequest<{ webhookLog: { externalId: string; payload: unknown } }>(testApp, {
      query: detail,
      variables: { id: log!.id },
      credential: systemAdmin.accessToken,
    });
    expect(found.data!.webhookLog).toEqual(
      expect.objectContaining({ id: log!.id, externalId: log!.externalId, payload: log!.payload }),
    );
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await graphqlRequest(testApp, {
        query: detail,
        variables: { id },
        credential: systemAdmin.accessToken,
      });
      expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });
});
