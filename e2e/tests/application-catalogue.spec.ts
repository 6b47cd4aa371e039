import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signInAsSystemAdmin, signUp } from './support/accounts.js';
import { createApplication, graphqlAs } from './support/graphql.js';

const onePixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test('a member finds an application, is told what the request lacks, sends it, follows it, and launches what the team was granted', async ({
  page,
  browser,
  context,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const team = { name: `Finance ${suffix}`, friendlyId: `finance-${suffix}` };

  // The catalogue is the administrators'; they add applications through the API here (their screens have a journey of their own).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsSystemAdmin(adminPage, 'admin-catalogue@e2e.test');
  const ledger = await createApplication(adminPage, {
    name: `Ledger ${suffix}`,
    description: `Invoices and payments for finance teams (${suffix}).`,
    url: 'https://ledger.example.com/',
    termsLink: 'https://ledger.example.com/terms',
    termsDate: '2026-11-01T00:00:00.000Z',
    logoUrl: `https://logos.example.com/ledger-${suffix}.png`,
  });
  const atlas = await createApplication(adminPage, {
    name: `Atlas ${suffix}`,
    description: `Maps of every office (${suffix}).`,
    url: 'https://atlas.example.com/',
  });

  // More than one catalogue page (24) of shelf applications, for "Load more".
  const shelfNames = Array.from({ length: 25 }, (_, index) => `Shelf ${suffix} ${String(index + 1).padStart(2, '0')}`);
  for (const name of shelfNames) {
    await createApplication(adminPage, {
      name,
      description: `Filler for paging (${suffix}).`,
      url: 'https://shelf.example.com/',
    });
  }

  // The ledger's logo, served here so the page can load it.
  await context.route('https://logos.example.com/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: Buffer.from(onePixelPng, 'base64') }),
  );
  await signUp(page);
  await graphqlAs(page, `mutation AddTeam($input: AddTeamInput!) { addTeam(input: $input) { id } }`, { input: team });

  // Catalogue: the search lands in the address and narrows the tiles.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await page.getByLabel('Search applications').fill(`finance teams (${suffix}`);
  await expect(page).toHaveURL(/\/apps\?search=/);
  await expect(page.getByRole('link', { name: new RegExp(ledger.name) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(atlas.name) })).toHaveCount(0);
  await expect(page.getByText('1 application', { exact: true })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByLabel('Search applications').fill(`nothing-matches-${suffix}`);
  await expect(page.getByRole('heading', { name: 'No applications found' })).toBeVisible();
  // A second page through "Load more": the count (asked on the first page only) stays.
  await page.getByLabel('Search applications').fill(`Shelf ${suffix}`);
  await expect(page.getByText('25 applications', { exact: true })).toBeVisible();
  const shelfTiles = page.getByRole('link', { name: new RegExp(`Shelf ${suffix}`) });
  await expect(shelfTiles).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(shelfTiles).toHaveCount(25);
  await expect(shelfTiles.last()).toContainText(shelfNames.at(-1)!);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByText('25 applications', { exact: true })).toBeVisible();
  await page.goto(`/apps?search=${encodeURIComponent(`(${suffix})`)}`);
  await expect(page.getByText('27 applications', { exact: true })).toBeVisible();
  await page.getByLabel('Search applications').fill(ledger.name);
  await expect(page.getByText('1 application', { exact: true })).toBeVisible();

  // Detail: the member's team has not asked yet.
  await page.getByRole('link', { name: new RegExp(ledger.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${ledger.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: ledger.name })).toBeVisible();
  await expect(page.getByRole('link', { name: /Read the terms/ })).toHaveAttribute(
    'href',
    'https://ledger.example.com/terms',
  );
  await expect(page.getByText('· dated Nov 1, 2026')).toBeVisible();
  const logo = page.getByRole('img', { name: ledger.name, exact: true });
  await expect(logo).toHaveAttribute('src', `https://logos.example.com/ledger-${suffix}.png`);
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('link', { name: `Request access for ${team.name}` }).click();

  // Request access: prefilled from the profile; what is missing is named at its field.
  await expect(page).toHaveURL(new RegExp(`/apps/${ledger.id}/request\\?team=${team.friendlyId}$`));
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Team')).toHaveValue(team.friendlyId);
  await page.getByLabel('First name').fill('');
  await page.getByLabel('Contact email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Enter your first name.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Accept the terms to send the request.')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Contact email').fill('ada.finance@example.com');
  await page.getByLabel('Message').fill('For the quarterly invoices.');
  await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Request sent').first()).toBeVisible();

  // The requester's view of the request.
  await expect(page).toHaveURL(/\/apps\/requests\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Request for ${ledger.name}`) })).toBeVisible();
  await expect(page.getByText('Waiting for an administrator')).toBeVisible();
  await expect(page.getByText('ada.finance@example.com')).toBeVisible();
  await expect(page.locator('dl').getByText('For the quarterly invoices.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousAccessibilityViolations(page);

  // Asking again for the same team is not possible, and says why.
  await page.goto(`/apps/${ledger.id}`);
  await expect(page.getByText('Request pending')).toBeVisible();
  await page.goto(`/apps/${ledger.id}/request?team=${team.friendlyId}`);
  await expect(
    page.getByText(`A request for ${ledger.name} by the team ${team.name} is already waiting for approval.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send request' })).toBeDisabled();

  // A system administrator grants Atlas directly; the team's home shows it, its owner can switch it off and on.
  await graphqlAs(
    adminPage,
    `mutation UpdateAppStatus($friendlyTeamId: String!, $appId: ID!, $status: TeamApplicationStatus!) {
      updateAppStatus(friendlyTeamId: $friendlyTeamId, appId: $appId, status: $status) { id }
    }`,
    { friendlyTeamId: team.friendlyId, appId: atlas.id, status: 'ENABLED' },
  );
  await adminContext.close();
  await page.goto(`/teams/${team.friendlyId}/home`);
  const available = page.getByRole('list', { name: 'Available to request' });
  await expect(available.getByRole('listitem').filter({ hasText: ledger.name })).toContainText('Request pending');
  const atlasSwitch = page.getByRole('switch', { name: `${atlas.name} enabled` });
  await expect(atlasSwitch).toBeChecked();
  await expectNoSeriousAccessibilityViolations(page);
  await atlasSwitch.click();
  await expect(page.getByText(`${atlas.name} disabled`).first()).toBeVisible();
  await expect(atlasSwitch).not.toBeChecked();
  await expect(page.getByRole('link', { name: new RegExp(`Launch ${atlas.name}`) })).toHaveCount(0);
  await atlasSwitch.click();
  await expect(atlasSwitch).toBeChecked();

  // The dashboard groups the team's applications; a tile launches in a new tab.
  await page.goto('/dashboard');
  const teamApplications = page.getByRole('region', { name: team.name });
  const tile = teamApplications.getByRole('link', { name: new RegExp(atlas.name) });
  await expect(tile).toHaveAttribute('href', 'https://atlas.example.com/');
  await context.route('https://atlas.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Atlas</title><p>Maps</p>' }),
  );
  const [launched] = await Promise.all([context.waitForEvent('page'), tile.click()]);
  await expect(launched).toHaveURL('https://atlas.example.com/');
  expect(await launched.evaluate((): unknown => window.opener)).toBeNull();
  await launched.close();
  await expectNoSeriousAccessibilityViolations(page);
});
