import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { newAccount, signInAsSystemAdmin, signUp } from './support/accounts.js';
import { createApplication } from './support/graphql.js';
import { addTeamAs, uniqueTeamName } from './support/teams.js';

test('the requester withdraws a pending request; the administrator sees it withdrawn and no longer waiting', async ({
  browser,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const adminPage = await (await browser.newContext()).newPage();
  await signInAsSystemAdmin(adminPage, 'admin-withdraw@e2e.test');
  const application = await createApplication(adminPage, {
    name: `Wiki ${suffix}`,
    url: `https://wiki-${suffix}.example.com/`,
  });

  const page = await (await browser.newContext()).newPage();
  await signUp(page, newAccount({ firstName: 'Wanda' }));
  const team = uniqueTeamName();
  await addTeamAs(page, team);
  await page.goto(`/apps/${application.id}`);
  await page.getByRole('link', { name: `Request access for ${team.name}` }).click();
  await page.getByLabel('Message').fill('For the handbook.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/apps\/requests\/[0-9a-f-]{36}$/);
  const requestId = page.url().split('/').at(-1)!;

  // Asked first, then withdrawn: the page says so and offers a new request.
  await page.getByRole('button', { name: 'Withdraw request' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Withdraw the request for ${application.name}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(page.getByText('Request withdrawn', { exact: true })).toBeVisible();
  await expect(page.getByText('The request was withdrawn')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request again' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // The administrator finds it under Withdrawn, with who took it back, and cannot decide it any more.
  await adminPage.goto(`/system/app-requests/${requestId}`);
  await expect(adminPage.getByText(/^Withdrawn by Wanda/)).toBeVisible();
  await expect(adminPage.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await adminPage.goto('/system/app-requests?status=withdrawn');
  await expect(adminPage.getByRole('link', { name: new RegExp(application.name) }).first()).toBeVisible();
});
