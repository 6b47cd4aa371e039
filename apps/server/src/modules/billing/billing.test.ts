import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { upsertBillingCustomer, upsertInvoice } from './billing.service.js';
import { webDocument } from '../../test/web-documents.js';

let testApp: TestApp;
let customerUser: SignedInUser;
let otherCustomerUser: SignedInUser;
let userWithoutCustomer: SignedInUser;

const eventTime = new Date('2026-11-20T10:00:00Z');

function invoiceData(id: string, customerId: string, invoiceDate: string) {
  return {
    id,
    customerId,
    customerName: customerId === 'C-1' ? 'Acme Ltd' : 'Other Ltd',
    status: 'paid',
    invoiceDate,
    dueDate: null,
    subtotal: 1000.5,
    invoiceTax: 200.1,
    invoiceAmount: 1200.6,
    paidAmount: 1200.6,
    balance: 0,
    invoicePdfUrl: `https://billing.test/${id}.pdf`,
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp.database;
  for (const [id, name] of [
    ['C-1', 'Acme Ltd'],
    ['C-2', 'Other Ltd'],
  ] as const) {
    await upsertBillingCustomer(db, {
      data: {
        id,
        name,
        status: 'active',
        billingCycleDay: 15,
        billingContactEmail: `billing@${id}.test`,
        payNowUrl: 'https://billing.test/pay',
      },
      eventTime,
    });
  }
  await upsertInvoice(db, { data: invoiceData('INV-1', 'C-1', '2026-09-01'), eventTime });
  await upsertInvoice(db, { data: invoiceData('INV-2', 'C-1', '2026-10-01'), eventTime });
  await upsertInvoice(db, { data: invoiceData('INV-3', 'C-1', '2026-11-01T23:30:00-05:00'), eventTime });
  await upsertInvoice(db, { data: invoiceData('INV-X', 'C-2', '2026-11-01'), eventTime });
  customerUser = await signInTestUser(testApp, { ordwayCustomerId: 'C-1' });
  otherCustomerUser = await signInTestUser(testApp, { ordwayCustomerId: 'C-unknown' });
  userWithoutCustomer = await signInTestUser(testApp);
});
afterAll(async () => {
  await testApp.close();
});

describe('myBilling', () => {
  const query = webDocument('GetMyBilling');

  it("returns the customer named by the user's ordwayCustomerId, or null", async () => {
    const mine = await graphqlRequest(testApp, { query, credential: customerUser.accessToken });
    expect(mine.data).toMatchObject({
      myBilling: {
        id: 'C-1',
        name: 'Acme Ltd',
        status: 'active',
        billingCycleDay: 15,
        billingContactEmail: 'billing@C-1.test',
        payNowUrl: 'https://billing.test/pay',
        openInvoicesUrl: null,
      },
    });
    for (const user of [otherCustomerUser, userWithoutCustomer]) {
      const none = await graphqlRequest(testApp, { query, credential: user.accessToken });
      expect(none.data).toMatchObject({ myBilling: null });
    }
  });
});

describe('myInvoices', () => {
  const query = /* GraphQL */ `
    query GetMyInvoices($date: Date, $until: Date, $first: Int) {
      myInvoices(date: $date, until: $until, first: $first) {
        nodes {
          id
          customerId
          invoiceDate
          dueDate
          invoiceAmount
          invoiceTax
          balance
          invoicePdfUrl
        }
        totalCount
      }
    }
  `;
  interface InvoicesData {
    myInvoices: { nodes: { id: string; invoiceDate: string; invoiceAmount: number }[]; totalCount: number };
  }

  it("lists only the user's customer's invoices, newest invoice date first, with exact amounts", async () => {
    const response = await graphqlRequest<InvoicesData>(testApp, { query, credential: customerUser.accessToken });
    expect(response.data!.myInvoices.nodes.map((invoice) => [invoice.id, invoice.invoiceDate])).toEqual([
      ['INV-3', '2026-11-01'],
      ['INV-2', '2026-10-01'],
      ['INV-1', '2026-09-01'],
    ]);
    expect(response.data!.myInvoices.nodes[0]).toMatchObject({
      invoiceAmount: 1200.6,
      invoiceTax: 200.1,
      balance: 0,
      dueDate: null,
    });
  });

  it('keeps invoices dated on or after the given day', async () => {
    const response = await graphqlRequest<InvoicesData>(testApp, {
      query,
      variables: { date: '2026-10-01' },
      credential: customerUser.accessToken,
    });
    expect(response.data!.myInvoices.nodes.map((invoice) => invoice.id)).toEqual(['INV-3', 'INV-2']);
    expect(response.data!.myInvoices.totalCount).toBe(2);
  });

  it("keeps the invoices of a day range with the web's own GetMyInvoices, and none when the range is inverted", async () => {
    const inRange = await graphqlRequest<InvoicesData>(testApp, {
      query: webDocument('GetMyInvoices'),
      variables: { date: '2026-09-15', until: '2026-10-01' },
      credential: customerUser.accessToken,
    });
    expect(inRange.errors).toBeUndefined();
    expect(inRange.data!.myInvoices.nodes.map((invoice) => invoice.id)).toEqual(['INV-2']);
    const customerInvoices = async (variables: Record<string, string>) =>
      (await graphqlRequest<InvoicesData>(testApp, { query, variables, credential: customerUser.accessToken })).data!
        .myInvoices;
    expect(await customerInvoices({ until: '2026-10-31' })).toMatchObject({
      nodes: [{ id: 'INV-2' }, { id: 'INV-1' }],
      totalCount: 2,
    });
    expect(await customerInvoices({ date: '2026-11-01', until: '2026-09-01' })).toEqual({ nodes: [], totalCount: 0 });
  });

  it('is empty for a user without a known customer, and refuses a malformed date', async () => {
    for (const user of [otherCustomerUser, userWithoutCustomer]) {
      const response = await graphqlRequest<InvoicesData>(testApp, { query, credential: user.accessToken });
      expect(response.data!.myInvoices).toEqual({ nodes: [], totalCount: 0 });
    }
    const malformed = await graphqlRequest(testApp, {
      query,
      variables: { date: '2026-02-30' },
      credential: customerUser.accessToken,
    });
    expect(malformed.errors?.[0]?.message).toContain('ISO 8601 dates');
  });
});
