import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { BILLING_WEBHOOK_SECRET, PORTAL_PORT } from '../playwright.config.js';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { newAccount, signInAsSystemAdmin, signUp } from './support/accounts.js';
import { graphqlWithBearer } from './support/bearer-graphql.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

interface WebhookAnswer {
  webhookLogId: string;
  duplicate: boolean;
  processed: boolean;
  error: string | null;
}

/**
 * Posts one billing webhook as an operator does (docs/webhooks.md): writes the event to a file and runs
 * `npm run webhook:send -- <file> --id <webhook-id>`, which signs it with BILLING_WEBHOOK_SECRET and posts it
 * to PUBLIC_URL. Resolves to the id sent and the server's answer, which the helper prints after its status line.
 */
async function sendBillingWebhook(event: { type: string; data: Record<string, unknown> }) {
  const webhookId = `msg_e2e_${randomBytes(8).toString('hex')}`;
  const folder = await mkdtemp(join(tmpdir(), 'dxp-e2e-webhook-'));
  try {
    const file = join(folder, `${event.type}.json`);
    await writeFile(file, `${JSON.stringify({ ...event, timestamp: new Date().toISOString() }, null, 2)}\n`);
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'webhook:send', '--', file, '--id', webhookId],
      {
        cwd: repositoryRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PUBLIC_URL: `http://localhost:${PORTAL_PORT}`,
          BILLING_WEBHOOK_SECRET,
        },
        timeout: 60_000,
      },
    );
    const [statusLine, body] = stdout.trim().split('\n').slice(-2);
    expect(statusLine).toMatch(/\/api\/webhooks\/billing → 200$/);
    return { webhookId, answer: JSON.parse(body!) as WebhookAnswer };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function openSystemPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
}

test('an admin links a user to billing and makes them admin, replays an invoice that came before its customer; the user sees it; the logs show it all', async ({
  browser,
}) => {
  // Two people, two runs of the webhook command (npm and tsx starting cold each time) and about ten accessibility
  // checks: about twice an ordinary journey on a loaded machine.
  test.setTimeout(240_000);
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

  // The billing system sends the invoice before its customer: the portal keeps it, unapplied, with the reason.
  const invoiceEvent = {
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
  };
  const invoiceDelivery = await sendBillingWebhook(invoiceEvent);
  expect(invoiceDelivery.answer).toMatchObject({ duplicate: false, processed: false });
  expect(invoiceDelivery.answer.error).toContain(customerId);

  // The admin finds the failed delivery and reads why.
  await openSystemPage(adminPage, '/system/webhook-logs', 'Webhook logs');
  await adminPage.getByLabel('State').selectOption({ label: 'Unprocessed (failed)' });
  // The list follows the filter as it changes, with no Apply button: the choice at once, the text once typing pauses.
  await expect(adminPage).toHaveURL(/processed=no/);
  await adminPage.getByLabel('Event type').fill('invoice.upserted');
  await expect(adminPage).toHaveURL(/eventType=invoice\.upserted/);
  await expect(adminPage.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  // The filter is in the address: a reload keeps it, form included.
  await adminPage.reload();
  await expect(adminPage.getByLabel('State')).toHaveValue('no');
  await expect(adminPage.getByLabel('Event type')).toHaveValue('invoice.upserted');
  const deliveryRow = adminPage.getByRole('row', { name: new RegExp(invoiceDelivery.webhookId) });
  await expect(deliveryRow).toContainText('Unprocessed');
  await deliveryRow.getByRole('link').click();
  await expect(adminPage.getByRole('heading', { name: 'invoice.upserted', level: 1 })).toBeVisible();
  await expect(adminPage.getByText('This delivery was not applied.')).toBeVisible();
  await expect(
    adminPage.getByText(`Invoice ${invoiceId} belongs to billing customer ${customerId}, which is not known yet.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(adminPage.getByRole('region', { name: 'Payload' })).toContainText(`"id": "${invoiceId}"`);
  await expectNoSeriousAccessibilityViolations(adminPage);

  // The customer arrives, through the same helper; the admin replays the invoice.
  const customerDelivery = await sendBillingWebhook({
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
  expect(customerDelivery.answer).toMatchObject({ duplicate: false, processed: true, error: null });
  await adminPage.getByRole('button', { name: 'Replay' }).click();
  await expect(adminPage.getByText('The delivery was processed this time.', { exact: true })).toBeVisible();
  await expect(adminPage.getByText('This delivery was not applied.')).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: 'Replay' })).toHaveCount(0);
  await adminPage.getByRole('link', { name: 'All deliveries' }).click();
  const replayedRow = adminPage.getByRole('row', { name: new RegExp(invoiceDelivery.webhookId) });
  await expect(replayedRow).toContainText('Processed');
  await expect(replayedRow).not.toContainText('Unprocessed');
  await adminPage.getByLabel('State').selectOption({ label: 'Unprocessed (failed)' });
  await expect(adminPage).toHaveURL(/processed=no/);
  await expect(replayedRow).toHaveCount(0);
  await adminPage.getByRole('button', { name: 'Clear filters' }).click();
  await expect(adminPage).not.toHaveURL(/processed=/);
  await expect(adminPage.getByLabel('State')).toHaveValue('');
  await expect(replayedRow).toContainText('Processed');
  await expect(adminPage.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

  // The user sees their billing account, its status and contact, and the invoice.
  await userPage.goto('/account/billing');
  const customerHeading = userPage.getByRole('heading', { name: /Analytical Engines Ltd/ });
  await expect(customerHeading).toBeVisible();
  await expect(customerHeading).toContainText('active');
  await expect(userPage.getByRole('link', { name: 'billing@engines.example' })).toHaveAttribute(
    'href',
    'mailto:billing@engines.example',
  );
  await expect(userPage.getByText('Day 1 of each month')).toBeVisible();
  await expect(userPage.getByRole('link', { name: /Pay now/ })).toHaveAttribute(
    'href',
    'https://billing.example/pay/engines',
  );
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
  // The dates apply as they change, and the URL keeps them.
  const noInvoices = userPage.getByRole('heading', { name: 'No invoices in this period' });
  await userPage.getByLabel('Dated from').fill('2026-11-02');
  await expect(userPage).toHaveURL(/since=2026-11-02/);
  await expect(noInvoices).toBeVisible();
  // A start after the end is not asked for: the field says why.
  await userPage.getByLabel('Dated to').fill('2026-10-31');
  await expect(userPage.getByLabel('Dated to')).toHaveAccessibleDescription('The end date is before the start date.');
  await expect(userPage).not.toHaveURL(/until=/);
  await userPage.getByLabel('Dated from').fill('2026-10-15');
  await expect(userPage).toHaveURL(/since=2026-10-15&until=2026-10-31/);
  await expect(noInvoices).toBeVisible();
  await userPage.getByLabel('Dated to').fill('2026-11-30');
  await expect(userPage).toHaveURL(/since=2026-10-15&until=2026-11-30/);
  await expect(invoiceRow).toBeVisible();
  await expect(userPage.getByText('The end date is before the start date.')).toBeHidden();

  // …and the admin's change in the event log, which also exports as CSV.
  await openSystemPage(adminPage, '/system/event-logs', 'Event logs');
  await adminPage.getByLabel('Event type').fill('user.updated');
  await adminPage.getByLabel('User email').fill(admin.email);
  await expect(adminPage).toHaveURL(/eventType=user\.updated/);
  await expect(adminPage).toHaveURL(new RegExp(`userEmail=${encodeURIComponent(admin.email)}`));
  const [download] = await Promise.all([
    adminPage.waitForEvent('download'),
    adminPage.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^event-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(user.email);

  const eventRows = adminPage.getByRole('row').filter({ hasText: 'user.updated' });
  await eventRows.first().getByRole('link', { name: 'Person changed' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Person changed', level: 1 })).toBeVisible();
  // When it happened reads as people say it, the exact time on hover (as in every list and detail).
  const eventTime = adminPage.getByRole('main').locator('time');
  await expect(eventTime).toHaveText(/^(just now|\d+ minutes? ago)$/);
  await eventTime.hover();
  await expect(adminPage.getByRole('tooltip')).toContainText(String(new Date().getFullYear()));
  const payload = adminPage.getByRole('region', { name: 'Payload' });
  await expect(payload).toContainText(user.email);
  await expect(payload).toContainText(customerId);
  await expectNoSeriousAccessibilityViolations(adminPage);

  // The user's own sign-up is in the event log too.
  await openSystemPage(adminPage, '/system/event-logs', 'Event logs');
  await adminPage.getByLabel('Event type').fill('user.created');
  await adminPage.getByLabel('User email').fill(user.email);
  await expect(adminPage).toHaveURL(/eventType=user\.created/);
  await expect(adminPage).toHaveURL(new RegExp(`userEmail=${encodeURIComponent(user.email)}`));
  await expect(adminPage.getByRole('row').filter({ hasText: 'user.created' })).toHaveCount(1);

  // A link whose cursor the server refuses (edited by hand) opens the first page under the same filter.
  await adminPage.goto(`${adminPage.url()}&after=not-a-cursor`);
  await expect(adminPage).not.toHaveURL(/after=/);
  await expect(adminPage).toHaveURL(/eventType=user\.created/);
  await expect(adminPage.getByRole('row').filter({ hasText: 'user.created' })).toHaveCount(1);
});

test("an admin revokes a user's service key, reads the installation status and creates a team for another account", async ({
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
  await expect(page.getByLabel('Team address')).toHaveValue(`difference-engine-${suffix}`);
  await page.getByLabel('Owner email').fill(owner.email);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(new RegExp(`/system/teams/difference-engine-${suffix}/home$`));

  // The team's invite and bookmark screens open for the administrator, who is no member of it.
  const teamNavigation = page.getByRole('navigation', { name: 'Team' });
  await teamNavigation.getByRole('link', { name: 'Invite' }).click();
  await expect(page).toHaveURL(new RegExp(`/system/teams/difference-engine-${suffix}/invite$`));
  await expect(page.getByText('Invite people')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await teamNavigation.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(new RegExp(`/system/teams/difference-engine-${suffix}/bookmarks$`));
  await expect(page.getByRole('heading', { name: 'Team bookmarks' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await page.goto('/system/teams');
  await page.getByLabel('Search teams').fill(`difference-engine-${suffix}`);
  await expect(page.getByRole('link', { name: `Difference Engine ${suffix}` })).toBeVisible();

  // The owner now finds the team among their own.
  await ownerPage.goto('/dashboard');
  await expect(ownerPage.getByText(`Difference Engine ${suffix}`)).toBeVisible();
});
