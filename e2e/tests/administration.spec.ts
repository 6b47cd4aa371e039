import { createHmac, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BILLING_WEBHOOK_SECRET } from '../playwright.config.js';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { newAccount, signInAsSystemAdmin, signUp } from './support/accounts.js';
import { graphqlWithBearer } from './support/bearer-graphql.js';

/**
 * Posts one billing webhook signed as docs/webhooks.md describes (and `npm run webhook:send` does):
 * base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed with the decoded secret.
 */
async function sendBillingWebhook(request: APIRequestContext, event: { type: string; data: Record<string, unknown> }) {
  const webhookId = `msg_e2e_${randomBytes(8).toString('hex')}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const body = JSON.stringify({ ...event, timestamp: new Date().toISOString() });
  const key = Buffer.from(BILLING_WEBHOOK_SECRET.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${webhookId}.${timestamp}.${body}`).digest('base64');
  const response = await request.post('/api/webhooks/billing', {
    headers: {
      'content-type': 'application/json',
      'webhook-id': webhookId,
      'webhook-timestamp': timestamp,
      'webhook-signature': `v1,${signature}`,
    },
    data: body,
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ duplicate: false, processed: true, error: null });
  return webhookId;
}

async function openSystemPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
}

test('an admin links a user to billing and makes them admin; the user sees the invoice; the logs show it all', async ({
  browser,
  request,
}) => {
  const suffix = randomBytes(4).toString('hex');
  const customerId = `C-E2E-${suffix}`;
  const invoiceId = `INV-E2E-${suffix}`;
  const userPage = await (await browser.newContext()).newPage();
  const user = await signUp(userPage, newAccount({ firstName: 'Charles', lastName: `Babbage${suffix}` }));

  const adminPage = await (await browser.newContext()).newPage();
  const admin = await signInAsSystemAdmin(adminPage, 'admin3@e2e.test');

  // The user has no billing customer yet.
  await userPage.goto('/account/billing');
  await expect(userPage.getByRole('heading', { name: 'No billing account' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(userPage);

  // Find the user by last name, link them to the billing customer and make them an administrator.
  await openSystemPage(adminPage, '/system/users', 'Users');
  await expect(adminPage.getByRole('navigation', { name: 'System administration' })).toBeVisible();
  await adminPage.getByLabel('Search users').fill(`babbage${suffix}`);
  await expect(adminPage).toHaveURL(/search=babbage/);
  await expect(adminPage.getByRole('row')).toHaveCount(2);
  await adminPage.getByRole('link', { name: `Charles Babbage${suffix}` }).click();
  await expect(adminPage.getByRole('heading', { name: `Charles Babbage${suffix}`, level: 1 })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(adminPage);
  await adminPage.getByLabel('Billing customer id').fill(customerId);
  await adminPage.getByRole('checkbox', { name: 'System administrator' }).check();
  await adminPage.getByRole('button', { name: 'Save' }).click();
  await expect(adminPage.getByText('User saved', { exact: true })).toBeVisible();
  await expect(adminPage.getByRole('heading', { level: 1 }).getByText('Admin', { exact: true })).toBeVisible();

  await adminPage.getByRole('link', { name: 'All users' }).click();
  await adminPage.getByLabel('Search users').fill(`babbage${suffix}`);
  await expect(adminPage.getByRole('row', { name: new RegExp(`Babbage${suffix}.*Admin`) })).toBeVisible();

  // The billing system tells the portal about the customer and an invoice.
  await sendBillingWebhook(request, {
    type: 'customer.upserted',
    data: {
      id: customerId,
      name: 'Analytical Engines Ltd',
      status: 'active',
      billingCycleDay: 1,
      billingContactEmail: 'billing@engines.example',
      payNowUrl: 'https://billing.example/pay/engines',
      openInvoicesUrl: 'https://billing.example/invoices/engines',
      currency: 'eur',
    },
  });
  const invoiceWebhookId = await sendBillingWebhook(request, {
    type: 'invoice.upserted',
    data: {
      id: invoiceId,
      customerId,
      customerName: 'Analytical Engines Ltd',
      status: 'open',
      invoiceDate: '2026-11-01',
      dueDate: '2026-12-01',
      subtotal: 1250,
      invoiceTax: 250,
      invoiceAmount: 1500,
      paidAmount: 0,
      balance: 1500,
      invoicePdfUrl: `https://billing.example/invoices/${invoiceId}.pdf`,
    },
  });

  // The user sees their billing account and the invoice.
  await userPage.goto('/account/billing');
  await expect(userPage.getByRole('heading', { name: /Analytical Engines Ltd/ })).toBeVisible();
  await expect(userPage.getByRole('link', { name: /Pay now/ })).toHaveAttribute('href', 'https://billing.example/pay/engines');
  await expect(userPage.getByRole('link', { name: /Open invoices/ })).toHaveAttribute(
    'href',
    'https://billing.example/invoices/engines',
  );
  const invoiceRow = userPage.getByRole('row', { name: new RegExp(invoiceId) });
  await expect(invoiceRow).toContainText('Nov 1, 2026');
  await expect(invoiceRow).toContainText('open');
  await expect(invoiceRow).toContainText('€1,500.00');
  await expect(userPage.getByText('Euro (EUR)')).toBeVisible();
  await expect(invoiceRow.getByRole('link', { name: `PDF of invoice ${invoiceId}` })).toHaveAttribute(
    'href',
    `https://billing.example/invoices/${invoiceId}.pdf`,
  );
  await expectNoSeriousAccessibilityViolations(userPage);
  await userPage.getByLabel('Invoices dated from').fill('2026-11-02');
  await userPage.getByRole('button', { name: 'Apply' }).click();
  await expect(userPage.getByRole('heading', { name: 'No invoices in this period' })).toBeVisible();

  // The admin opens the delivery in the webhook log.
  await openSystemPage(adminPage, '/system/webhook-logs', 'Webhook logs');
  await adminPage.getByLabel('Event type').fill('invoice.upserted');
  await adminPage.getByRole('button', { name: 'Apply' }).click();
  const deliveryRow = adminPage.getByRole('row', { name: new RegExp(invoiceWebhookId) });
  await expect(deliveryRow).toContainText('Processed');
  await deliveryRow.getByRole('link').click();
  await expect(adminPage.getByRole('heading', { name: 'invoice.upserted', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('region', { name: 'Payload' })).toContainText(`"id": "${invoiceId}"`);
  await expect(adminPage.getByRole('button', { name: 'Replay' })).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(adminPage);

  // …and the admin's change in the event log, which also exports as CSV.
  await openSystemPage(adminPage, '/system/event-logs', 'Event logs');
  await adminPage.getByLabel('Event type').fill('user.updated');
  await adminPage.getByLabel('User email').fill(admin.email);
  await adminPage.getByRole('button', { name: 'Apply' }).click();
  await expect(adminPage).toHaveURL(/eventType=user\.updated/);
  const [download] = await Promise.all([
    adminPage.waitForEvent('download'),
    adminPage.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^event-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(user.email);

  const eventRows = adminPage.getByRole('row').filter({ hasText: 'user.updated' });
  await eventRows.first().getByRole('link').click();
  await expect(adminPage.getByRole('heading', { name: 'user.updated', level: 1 })).toBeVisible();
  const payload = adminPage.getByRole('region', { name: 'Payload' });
  await expect(payload).toContainText(user.email);
  await expect(payload).toContainText(customerId);
  await expectNoSeriousAccessibilityViolations(adminPage);
});

test('an admin revokes a user\'s service key, reads the installation status and creates a team for another account', async ({
  page,
  browser,
  request,
}) => {
  const suffix = randomBytes(4).toString('hex');
  const ownerPage = await (await browser.newContext()).newPage();
  const owner = await signUp(ownerPage, newAccount());
  await signInAsSystemAdmin(page, 'admin4@e2e.test');

  // The owner's script has a service key that works.
  const ownerToken = await ownerPage.evaluate(() => localStorage.getItem('dxp:access_token'));
  const created = await graphqlWithBearer<{ createServiceKey: { key: string } }>(
    request,
    ownerToken!,
    'mutation CreateServiceKey($name: String!) { createServiceKey(name: $name) { key } }',
    { name: `Ledger sync ${suffix}` },
  );
  const serviceKey = created.data!.createServiceKey.key;
  expect((await graphqlWithBearer(request, serviceKey, '{ me { email } }')).errors).toBeUndefined();

  // The admin sees the installation's status and every user's keys, and revokes the owner's.
  await openSystemPage(page, '/system/services', 'Services');
  const status = page.getByRole('region', { name: 'Installation status' });
  await expect(status.getByText('Connected')).toBeVisible();
  await expect(status.getByText('PGlite (embedded)', { exact: false })).toBeVisible();
  await expect(status.getByText('Built-in')).toBeVisible();
  await expect(status.getByText('Secret configured')).toBeVisible();
  await expect(status.getByText('In memory')).toBeVisible();
  await expect(status).not.toContainText('whsec_');

  await page.getByLabel('Search service keys').fill(owner.email);
  await expect(page).toHaveURL(/search=/);
  const keyRow = page.getByRole('row', { name: new RegExp(`Ledger sync ${suffix}`) });
  await expect(keyRow).toContainText(owner.email);
  // The script's call above is recorded as the key's last use.
  await expect(keyRow).not.toContainText('Never');
  await expectNoSeriousAccessibilityViolations(page);
  await keyRow.getByRole('button', { name: `Revoke Ledger sync ${suffix} of ${owner.email}` }).click();
  const confirmation = page.getByRole('alertdialog', { name: `Revoke “Ledger sync ${suffix}”?` });
  await expect(confirmation).toContainText(owner.email);
  await expectNoSeriousAccessibilityViolations(page);
  await confirmation.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText(`Key “Ledger sync ${suffix}” of ${owner.email} revoked`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No service keys found' })).toBeVisible();
  const refused = await graphqlWithBearer(request, serviceKey, '{ me { email } }');
  expect(refused.errors?.[0]?.extensions?.code).toBe('AUTH_NOT_AUTHENTICATED');

  await openSystemPage(page, '/system/teams', 'Teams');
  await page.getByRole('link', { name: 'Add team' }).click();
  await expect(page.getByRole('heading', { name: 'Add team', level: 1 })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByLabel('Team name').fill(`Difference Engine ${suffix}`);
  await expect(page.getByLabel('Friendly id')).toHaveValue(`difference-engine-${suffix}`);
  await page.getByLabel('Owner email').fill(owner.email);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(new RegExp(`/system/teams/difference-engine-${suffix}/home$`));

  await page.goto('/system/teams');
  await page.getByLabel('Search teams').fill(`difference-engine-${suffix}`);
  await expect(page.getByRole('link', { name: `Difference Engine ${suffix}` })).toBeVisible();

  // The owner now finds the team among their own.
  await ownerPage.goto('/dashboard');
  await expect(ownerPage.getByText(`Difference Engine ${suffix}`)).toBeVisible();
});
