import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, invoices, webhookLogs } from '../../db/schema/billing.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, signInTestUser } from '../../test/graphql.js';
import { BILLING_WEBHOOK_PATH } from './webhook-routes.js';
import { signWebhook } from './webhook-signature.js';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ BILLING_WEBHOOK_SECRET: secret });
});
afterAll(async () => {
  await testApp.close();
});

/** Posts one signed delivery through the real endpoint, as the billing system would. */
async function deliver(type: 'customer.upserted' | 'invoice.upserted', data: Record<string, unknown>) {
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  const webhookId = `msg_${randomUUID()}`;
  const response = await testApp.app.inject({
    method: 'POST',
    url: BILLING_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...signWebhook({ secret, webhookId, timestamp: new Date(), body }) },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  const [log] = await testApp.database.db.select().from(webhookLogs).where(eq(webhookLogs.externalId, webhookId));
  return log!;
}

const customer = (id: string, currency?: unknown) => ({
  id,
  name: 'Acme GmbH',
  status: 'active',
  ...(currency === undefined ? {} : { currency }),
});
const invoice = (id: string, customerId: string, currency?: unknown) => ({
  id,
  customerId,
  customerName: 'Acme GmbH',
  status: 'open',
  invoiceDate: '2026-11-01',
  subtotal: 1000,
  invoiceTax: 190,
  invoiceAmount: 1190,
  paidAmount: 0,
  balance: 1190,
  ...(currency === undefined ? {} : { currency }),
});

const db = () => testApp.database.db;
const customerRow = async (id: string) =>
  (await db().select().from(billingCustomers).where(eq(billingCustomers.id, id)))[0];
const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0];

describe('billing currency', () => {
  it("stores the customer's currency in upper case and gives its invoices the same, unless an invoice names its own", async () => {
    expect(await deliver('customer.upserted', customer('C-EUR', 'eur'))).toMatchObject({
      processed: true,
      error: null,
    });
    expect(await customerRow('C-EUR')).toMatchObject({ currency: 'EUR' });

    expect(await deliver('invoice.upserted', invoice('INV-EUR', 'C-EUR'))).toMatchObject({ processed: true });
    expect(await invoiceRow('INV-EUR')).toMatchObject({ currency: 'EUR' });
    expect(await deliver('invoice.upserted', invoice('INV-CHF', 'C-EUR', 'CHF'))).toMatchObject({ processed: true });
    expect(await invoiceRow('INV-CHF')).toMatchObject({ currency: 'CHF' });

    const user = await signInTestUser(testApp, { ordwayCustomerId: 'C-EUR' });
    const response = await graphqlRequest<{
      myBilling: { currency: string };
      myInvoices: { nodes: { id: string; currency: string }[] };
    }>(testApp, {
      query: 'query GetMyBilling { myBilling { currency } myInvoices(first: 10) { nodes { id currency } } }',
      credential: user.accessToken,
    });
    expect(response.data?.myBilling).toEqual({ currency: 'EUR' });
    expect(response.data?.myInvoices.nodes).toEqual(
      expect.arrayContaining([
        { id: 'INV-EUR', currency: 'EUR' },
        { id: 'INV-CHF', currency: 'CHF' },
      ]),
    );
  });

  it('uses USD when the billing system names no currency', async () => {
    expect(await deliver('customer.upserted', customer('C-NONE'))).toMatchObject({ processed: true });
    expect(await customerRow('C-NONE')).toMatchObject({ currency: 'USD' });
    expect(await deliver('invoice.upserted', invoice('INV-NONE', 'C-NONE', null))).toMatchObject({ processed: true });
    expect(await invoiceRow('INV-NONE')).toMatchObject({ currency: 'USD' });
  });

  it.each([
    ['customer.upserted', () => customer('C-BAD', 'EURO')],
    ['customer.upserted', () => customer('C-BAD', 'XYZ')],
    ['customer.upserted', () => customer('C-BAD', 978)],
    ['invoice.upserted', () => invoice('INV-BAD', 'C-NONE', '$')],
  ] as const)(
    'keeps a %s with an invalid currency unprocessed with a clear error, changing nothing',
    async (type, data) => {
      const log = await deliver(type, data());
      expect(log.processed).toBe(false);
      expect(log.error).toContain(`The ${type} payload is invalid: data.currency:`);
      expect(await customerRow('C-BAD')).toBeUndefined();
      expect(await invoiceRow('INV-BAD')).toBeUndefined();
    },
  );

  it('says which ISO 4217 code it expected', async () => {
    const log = await deliver('customer.upserted', customer('C-BAD', 'dollars'));
    expect(log.error).toBe(
      'The customer.upserted payload is invalid: data.currency: Must be an ISO 4217 currency code such as USD or EUR.',
    );
  });
});
