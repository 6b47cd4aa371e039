import { randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { newAccount, signIn, signInAsSystemAdmin, signUp } from './support/accounts.js';
import { holdOperations } from './support/hold-operations.js';
import { joinTeam } from './support/teams.js';

async function openSystemPage(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
}

/** Adds an application through /system/apps/add; returns its id (from the edit page it lands on). */
async function addApplication(
  page: Page,
  application: { name: string; url: string; description: string; termsLink?: string },
): Promise<string> {
  await page.goto('/system/apps');
  await page.getByRole('link', { name: 'Add application' }).click();
  await expect(page.getByRole('heading', { name: 'Add application', level: 1 })).toBeVisible();
  await page.getByLabel('Name').fill(application.name);
  await page.getByLabel('Address').fill(application.url);
  await page.getByLabel('Description').fill(application.description);
  if (application.termsLink) {
    await page.getByLabel('Terms link').fill(application.termsLink);
    await page.getByLabel('Terms date').fill('2026-11-01');
  }
  await page.getByRole('button', { name: 'Create application' }).click();
  await expect(page.getByRole('heading', { name: application.name, level: 1 })).toBeVisible();
  const id = /\/system\/apps\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  expect(id, 'the new application page').toBeTruthy();
  return id!;
}

/** Opens the bell's flyout and follows the unread notification whose text matches. */
async function openNotification(page: Page, text: RegExp) {
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell.locator('[data-slot="unread-indicator"]')).toBeVisible();
  await bell.click();
  const notification = page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: text });
  await expect(notification).toBeVisible();
  await notification.click();
}

/** From the application's page, through "Request access" for the team; ends on the requester's view of it. */
async function requestApplication(
  page: Page,
  request: { applicationId: string; teamName: string; message: string; acceptTerms?: boolean },
): Promise<string> {
  await page.goto(`/apps/${request.applicationId}`);
  await page.getByRole('link', { name: `Request access for ${request.teamName}` }).click();
  await page.getByLabel('Message').fill(request.message);
  if (request.acceptTerms) await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/apps\/requests\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1)!;
}

async function newPage(contexts: BrowserContext[], browser: { newContext: () => Promise<BrowserContext> }) {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

test('an admin publishes applications; a team member requests one, the admin approves it from the bell and edits the comments, the team launches it; another, opened from a sign-in link, is rejected with a comment and found by application and order', async ({
  browser,
}) => {
  // Two people, two applications and a stale second tab: about twice an ordinary journey on a loaded machine.
  test.setTimeout(240_000);
  const suffix = `x${randomBytes(3).toString('hex')}`;
  const team = { name: `Treasury ${suffix}`, slug: `treasury-${suffix}` };
  const ledger = {
    name: `Ledger ${suffix}`,
    url: `https://ledger-${suffix}.example.com/`,
    description: `Invoices and payments (${suffix}).`,
    termsLink: 'https://ledger.example.com/terms',
  };
  const payroll = {
    name: `Payroll ${suffix}`,
    url: `https://payroll-${suffix}.example.com/`,
    description: 'Salaries.',
  };
  const contexts: BrowserContext[] = [];

  // A team owner creates the team; a plain member joins it (the member is who asks for applications).
  const memberPage = await newPage(contexts, browser);
  const member = await signUp(memberPage, newAccount({ firstName: 'Ada' }));
  const ownerPage = await newPage(contexts, browser);
  await signUp(ownerPage, newAccount({ firstName: 'Owen' }));
  await ownerPage.getByRole('link', { name: 'Create your first team' }).click();
  await ownerPage.getByLabel('Team name').fill(team.name);
  await expect(ownerPage.getByLabel('Team address')).toHaveValue(team.slug);
  await ownerPage.getByRole('button', { name: 'Create team' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/teams/${team.slug}/home$`));
  await joinTeam(ownerPage, team.slug, memberPage, member.email);
  await ownerPage.close();

  // The administrator publishes two applications; a plain-http address and a taken name are refused at their fields.
  const adminPage = await newPage(contexts, browser);
  const admin = await signInAsSystemAdmin(adminPage, 'admin2@e2e.test');
  await openSystemPage(adminPage, '/system/apps', 'Applications');
  await adminPage.getByRole('link', { name: 'Add application' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Add application', level: 1 })).toBeVisible();
  await adminPage.getByLabel('Name').fill(ledger.name);
  await adminPage.getByLabel('Address').fill(ledger.url.replace('https:', 'http:'));
  await adminPage.getByLabel('Meta (JSON)').fill('["not", "an", "object"]');
  await adminPage.getByRole('button', { name: 'Create application' }).click();
  await expect(adminPage.getByText('Enter a web address starting with https://.')).toBeVisible();
  await expect(adminPage.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(adminPage.getByText(/Meta must be a JSON object/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(adminPage);

  const ledgerId = await addApplication(adminPage, ledger);
  await expect(adminPage.getByLabel('Terms date')).toHaveValue('2026-11-01');
  await expect(adminPage.getByRole('list', { name: 'Teams with this application' })).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(adminPage);
  const payrollId = await addApplication(adminPage, payroll);

  await adminPage.goto('/system/apps/add');
  await adminPage.getByLabel('Name').fill(ledger.name.toUpperCase());
  await adminPage.getByLabel('Address').fill('https://elsewhere.example.com/');
  await adminPage.getByRole('button', { name: 'Create application' }).click();
  await expect(adminPage.getByText('Another application already has this name. Choose another.')).toBeVisible();
  await expect(adminPage.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await adminPage.goto('/system/apps');
  await adminPage.getByLabel('Search applications').fill(suffix);
  await expect(adminPage).toHaveURL(new RegExp(`search=${suffix}`));
  await expect(adminPage.getByRole('row')).toHaveCount(3);
  await expect(adminPage.getByRole('row', { name: new RegExp(ledger.name) })).toContainText(ledger.description);

  // The member asks for the ledger (its terms accepted).
  const ledgerRequestId = await requestApplication(memberPage, {
    applicationId: ledgerId,
    teamName: team.name,
    message: 'For the quarterly close.',
    acceptTerms: true,
  });
  await expect(memberPage.getByText('Waiting for an administrator').first()).toBeVisible();

  // The administrator is told in the bell and opens the request from there.
  await openNotification(adminPage, new RegExp(`requests ${ledger.name} for the team ${team.name}`));
  await expect(adminPage).toHaveURL(new RegExp(`/system/app-requests/${ledgerRequestId}$`));
  const requestHeading = adminPage.getByRole('heading', { name: `${ledger.name} for ${team.name}`, level: 1 });
  await expect(requestHeading).toBeVisible();
  await expect(requestHeading.getByText('Pending')).toBeVisible();
  await expect(adminPage.getByRole('region', { name: 'Message from the requester' })).toContainText(
    'For the quarterly close.',
  );
  await expectNoSeriousAccessibilityViolations(adminPage);

  // A second administrator tab holds the same request open, still pending.
  const staleAdminPage = await adminPage.context().newPage();
  await staleAdminPage.goto(`/system/app-requests/${ledgerRequestId}`);
  await expect(staleAdminPage.getByRole('button', { name: 'Approve' })).toBeVisible();

  await adminPage.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = adminPage.getByRole('dialog', { name: 'Approve this request?' });
  await approveDialog.getByLabel('Comments').fill('Welcome aboard, billing starts next month.');
  await expectNoSeriousAccessibilityViolations(adminPage);
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('Request approved', { exact: true })).toBeVisible();
  await expect(adminPage.getByText(/^Approved by Grace Hopper (just now|\d+ minutes? ago)$/)).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(adminPage.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(2);

  // Approving again from the stale tab is refused calmly, and that tab now shows the decision.
  await staleAdminPage.getByRole('button', { name: 'Approve' }).click();
  await staleAdminPage
    .getByRole('dialog', { name: 'Approve this request?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(staleAdminPage.getByText('This request was already decided', { exact: true })).toBeVisible();
  await expect(staleAdminPage.getByText(/^Approved by Grace Hopper (just now|\d+ minutes? ago)$/)).toBeVisible();
  await staleAdminPage.close();

  // The comments can be changed after the decision; the history records the change.
  const commentsBox = adminPage.getByRole('textbox', { name: 'Comments' });
  await expect(commentsBox).toHaveValue('Welcome aboard, billing starts next month.');
  await commentsBox.fill('Welcome aboard, billing starts in January.');
  await adminPage.getByRole('button', { name: 'Save comments' }).click();
  await expect(adminPage.getByText('Comments saved', { exact: true })).toBeVisible();
  const history = adminPage.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.last()).toContainText('Grace Hopper changed the comments');
  await expect(history.last()).toContainText('Welcome aboard, billing starts in January.');
  await expect(adminPage.getByRole('button', { name: 'Save comments' })).toBeDisabled();

  // The application's page lists the team, enabled.
  await adminPage.goto(`/system/apps/${ledgerId}`);
  await expect(adminPage.getByLabel(`Status for ${team.name}`)).toHaveValue('ENABLED');

  // The member is told, with the comment of the decision, and finds the request approved with the comments as they are now.
  await openNotification(
    memberPage,
    new RegExp(`${ledger.name} .* was approved\\. Comment: Welcome aboard, billing starts next month\\.`),
  );
  await expect(memberPage).toHaveURL(new RegExp(`/apps/requests/${ledgerRequestId}$`));
  await expect(memberPage.getByText('Welcome aboard, billing starts in January.').first()).toBeVisible();

  // …and launches the ledger from the dashboard: a new tab at its address, recorded for the administrators.
  await memberPage.goto('/dashboard');
  await contexts[0]!.route(`${ledger.url}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Ledger</title><p>Books</p>' }),
  );
  const tile = memberPage.getByRole('link', { name: new RegExp(ledger.name) });
  await expect(tile).toHaveAttribute('href', ledger.url);
  const [launched] = await Promise.all([contexts[0]!.waitForEvent('page'), tile.click()]);
  await expect(launched).toHaveURL(ledger.url);
  await launched.close();

  await openSystemPage(adminPage, '/system/event-logs', 'Event logs');
  await adminPage.getByLabel('Event type').fill('app.launched');
  await adminPage.getByLabel('User email').fill(member.email);
  await expect(adminPage).toHaveURL(/eventType=app\.launched/);
  await expect(adminPage).toHaveURL(new RegExp(`userEmail=${encodeURIComponent(member.email)}`));
  // The launch is recorded without holding up the new tab; the filter is in the address, so a reload asks again.
  await expect(async () => {
    await adminPage.reload();
    await expect(adminPage.getByRole('row').filter({ hasText: 'app.launched' })).toHaveCount(1);
  }).toPass({ timeout: 30_000 });
  await adminPage
    .getByRole('row')
    .filter({ hasText: 'app.launched' })
    .getByRole('link', { name: 'Application launched' })
    .click();
  await expect(adminPage.getByRole('region', { name: 'Payload' })).toContainText(ledgerId);

  // A second request, for payroll, is found in the pending list of the team.
  const payrollRequestId = await requestApplication(memberPage, {
    applicationId: payrollId,
    teamName: team.name,
    message: 'Salaries, please.',
  });
  await openSystemPage(adminPage, '/system/app-requests', 'Application requests');
  // The list follows its filter as it changes (no Apply button): the team once typing pauses.
  await adminPage.getByLabel('Team').fill(team.slug);
  await expect(adminPage).toHaveURL(new RegExp(`team=${team.slug}`));
  await expect(adminPage.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expect(adminPage.getByRole('row')).toHaveCount(2);
  await expect(adminPage.getByRole('link', { name: new RegExp(`^${payroll.name} for ${team.name}`) })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(adminPage);

  // An administrator who is signed out follows a sign-in link to the request (as emails carry it) and lands on it.
  const signInLinkPage = await newPage(contexts, browser);
  await signIn(signInLinkPage, admin, `/?redirect=${encodeURIComponent(`app-request:${payrollRequestId}`)}`);
  await expect(signInLinkPage).toHaveURL(new RegExp(`/system/app-requests/${payrollRequestId}$`));
  await expect(
    signInLinkPage.getByRole('heading', { name: `${payroll.name} for ${team.name}`, level: 1 }),
  ).toBeVisible();

  // There it is rejected with a comment.
  await signInLinkPage.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = signInLinkPage.getByRole('dialog', { name: 'Reject this request?' });
  await rejectDialog.getByLabel('Comments').fill('Not this quarter.');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(signInLinkPage.getByText(/^Rejected by Grace Hopper (just now|\d+ minutes? ago)$/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(signInLinkPage);
  await signInLinkPage.close();

  // Every request of the team, newest first, then oldest first.
  await adminPage.getByLabel('Status').selectOption('all');
  await expect(adminPage).toHaveURL(/status=all/);
  const requestRows = adminPage.getByRole('row').filter({ has: adminPage.getByRole('cell') });
  await expect(requestRows).toHaveCount(2);
  await expect(requestRows.nth(0)).toContainText(payroll.name);
  await expect(requestRows.nth(0)).toContainText('Rejected');
  await expect(requestRows.nth(1)).toContainText(ledger.name);
  await expect(requestRows.nth(1)).toContainText('Approved');
  // While the rows in the new order load (held here), those shown stay, marked as updating; the form stays put.
  const held = await holdOperations(adminPage, /^GetAppRequests$/);
  await adminPage.getByLabel('Order').selectOption('oldest');
  await expect(adminPage).toHaveURL(/order=oldest/);
  await expect(adminPage.getByRole('status', { name: 'Updating the list' })).toBeVisible();
  await expect(requestRows.nth(0)).toContainText(payroll.name);
  await expect(adminPage.getByLabel('Team')).toHaveValue(team.slug);
  held.release();
  await expect(adminPage.getByRole('status', { name: 'Updating the list' })).toHaveCount(0);
  await expect(requestRows.nth(0)).toContainText(ledger.name);
  await expect(requestRows.nth(1)).toContainText(payroll.name);
  // Each choice is a step of the history: Back returns to the previous filter, form included.
  await adminPage.goBack();
  await expect(adminPage).not.toHaveURL(/order=oldest/);
  await expect(adminPage.getByLabel('Order')).toHaveValue('newest');
  await expect(requestRows.nth(0)).toContainText(payroll.name);
  await adminPage.goForward();
  await expect(adminPage).toHaveURL(/order=oldest/);
  await expect(adminPage.getByLabel('Order')).toHaveValue('oldest');

  // The application is picked by searching the catalogue in the filter, with the keyboard.
  const applicationPicker = adminPage.getByRole('combobox', { name: 'Application', exact: true });
  await expect(applicationPicker).toHaveText('All applications');
  await applicationPicker.focus();
  await adminPage.keyboard.press('ArrowDown');
  const applicationSearch = adminPage.getByRole('combobox', { name: 'Search applications' });
  await expect(applicationSearch).toBeFocused();
  await applicationSearch.fill(payroll.name);
  const applicationOptions = adminPage.getByRole('listbox', { name: 'Applications' }).getByRole('option');
  await expect(applicationOptions).toHaveText(['All applications', payroll.name]);
  await expectNoSeriousAccessibilityViolations(adminPage);
  await adminPage.keyboard.press('Enter');
  await expect(applicationPicker).toHaveText(payroll.name);
  await expect(adminPage).toHaveURL(new RegExp(`app=${payrollId}`));
  await expect(requestRows).toHaveCount(1);
  await expect(requestRows.first()).toContainText(payroll.name);
  // The choice survives a reload, shown by name.
  await adminPage.reload();
  await expect(applicationPicker).toHaveText(payroll.name);
  await expect(requestRows).toHaveCount(1);

  // The requester reads the comment in the notification and on the request.
  await openNotification(memberPage, new RegExp(`${payroll.name} .* was rejected\\. Comment: Not this quarter\\.`));
  await expect(memberPage).toHaveURL(new RegExp(`/apps/requests/${payrollRequestId}$`));
  await expect(memberPage.getByText('The request was rejected')).toBeVisible();
  await expect(memberPage.getByText('Not this quarter.').first()).toBeVisible();

  for (const context of contexts) await context.close();
});
