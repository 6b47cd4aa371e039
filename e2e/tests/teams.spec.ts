import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { newAccount, signInAsSystemAdmin, signUp } from './support/accounts.js';
import { createFirstTeam, uniqueTeamName } from './support/teams.js';

test('an owner invites a colleague who accepts from the bell, is promoted, takes over, and the old owner leaves', async ({
  page,
  browser,
}) => {
  const team = uniqueTeamName();
  const invitee = newAccount({ firstName: 'Grace' });
  const otherInvitee = newAccount();

  const owner = await signUp(page);
  await expect(page.getByRole('heading', { name: 'You are not in a team yet' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await createFirstTeam(page, team);
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Invite' }).click();
  await page.getByLabel('Email addresses').fill(`${invitee.email}\n${otherInvitee.email}, not-an-email`);
  await page.getByRole('button', { name: 'Send invites' }).click();
  const results = page.getByRole('list', { name: 'Invite results' });
  await expect(results.getByRole('listitem')).toHaveCount(3);
  await expect(results.getByRole('listitem').filter({ hasText: invitee.email })).toContainText('Invited');
  const refused = results.getByRole('listitem').filter({ hasText: 'not-an-email' });
  await expect(refused).toContainText('Not a valid email address.');
  await expect(refused).not.toContainText('Invited');
  await expect(page.getByLabel('Email addresses')).toHaveValue('not-an-email');
  const pending = page.getByRole('region', { name: 'Pending invites' });
  await expect(pending.getByText(invitee.email)).toBeVisible();
  await expect(pending.getByText(otherInvitee.email)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await signUp(inviteePage, invitee);
  const bell = inviteePage.getByRole('button', { name: 'Notifications' });
  await expect(bell.locator('[data-slot="unread-indicator"]')).toBeVisible();
  await bell.click();
  const flyout = inviteePage.getByRole('dialog', { name: 'Notifications' });
  await flyout.getByRole('link', { name: new RegExp(team.name) }).click();
  await expect(inviteePage).toHaveURL(/\/account\/notifications\?invite=[0-9a-f-]{36}$/);
  const openedInvite = inviteePage.getByRole('region', { name: 'Your invite' });
  await expect(openedInvite).toContainText(team.name);
  await expectNoSeriousAccessibilityViolations(inviteePage);
  await openedInvite.getByRole('button', { name: 'Accept' }).click();
  await expect(inviteePage).toHaveURL(new RegExp(`/teams/${team.slug}/home$`));
  await expect(inviteePage.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  await expect(inviteePage.getByRole('navigation', { name: 'Team' })).toHaveCount(0);
  await expect(bell.locator('[data-slot="unread-indicator"]')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.slug}/members$`));
  const inviteeRow = page.getByRole('listitem').filter({ hasText: invitee.email });
  await inviteeRow.getByLabel(`Role of ${invitee.email}`).selectOption('TeamAdmin');
  await expect(page.getByText(/is now an admin/).first()).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await inviteeRow.getByRole('button', { name: 'Make owner' }).click();
  const transferDialog = page.getByRole('alertdialog');
  await expect(transferDialog.getByRole('button', { name: 'Transfer ownership' })).toBeDisabled();
  await transferDialog.getByLabel(/Type .* to confirm/).fill(invitee.email);
  await expectNoSeriousAccessibilityViolations(page);
  await transferDialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(page.getByText(/now owns/).first()).toBeVisible();
  await expect(inviteeRow.getByText('Owner')).toBeVisible();

  const ownRow = page.getByRole('listitem').filter({ hasText: owner.email });
  await ownRow.getByRole('button', { name: 'Leave team' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave team' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Create your first team' })).toBeVisible();
  await page.goto(`/teams/${team.slug}/members`);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  await inviteePage.goto(`/teams/${team.slug}/members`);
  await expect(inviteePage.getByRole('listitem').filter({ hasText: invitee.email }).getByText('Owner')).toBeVisible();
  await expect(inviteePage.getByRole('listitem').filter({ hasText: owner.email })).toHaveCount(0);
  await inviteeContext.close();
});

test('team bookmarks launch in a new tab; a javascript: address and a taken team address are refused', async ({
  page,
  context,
}) => {
  const team = uniqueTeamName();
  await signUp(page);
  await createFirstTeam(page, team);
  await expect(page.getByRole('heading', { name: 'No team bookmarks yet' })).toBeVisible();

  await page.getByRole('link', { name: 'Add a team bookmark' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.slug}/bookmarks/create$`));
  await page.getByLabel('Web address').fill('javascript:alert(document.cookie)');
  await page.getByLabel('Name').fill('Sneaky');
  await page.getByRole('button', { name: 'Add bookmark' }).click();
  await expect(page.getByText('Enter a web address starting with http:// or https://.')).toBeVisible();
  await expect(page.getByLabel('Web address')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByLabel('Web address').fill('https://status.example.com/');
  await page.getByLabel('Name').fill('Status page');
  await page.getByRole('button', { name: 'Add bookmark' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.slug}/bookmarks$`));
  await expect(page.getByRole('link', { name: 'Status page (opens in a new tab)' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Edit Status page' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Status page');
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByLabel('Name').fill('Service status');
  await page.getByRole('button', { name: 'Save bookmark' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.slug}/bookmarks$`));

  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Team name')).toHaveValue(team.name);
  await page.getByLabel('Meta (JSON)').fill('[1, 2]');
  await page.getByRole('button', { name: 'Save meta' }).click();
  await expect(page.getByText(/Meta must be a JSON object/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await page.goto('/dashboard');
  await context.route('https://status.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Status</title><p>All good</p>' }),
  );
  const tile = page.getByRole('link', { name: /Service status/ });
  await expect(tile).toHaveAttribute('href', 'https://status.example.com/');
  await expect(tile).toHaveAttribute('target', '_blank');
  await expect(tile).toHaveAttribute('rel', 'noopener noreferrer');
  const [launched] = await Promise.all([context.waitForEvent('page'), tile.click()]);
  await expect(launched).toHaveURL('https://status.example.com/');
  await launched.close();
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByRole('link', { name: 'New team' }).click();
  await page.getByLabel('Team name').fill(team.name);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText('Another team already uses this address. Choose another.')).toBeVisible();
  await expect(page.getByLabel('Team address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/teams\/add$/);
});

test('personal bookmarks: add, edit, delete, and the notifications screen filters', async ({ page }) => {
  await signUp(page);
  await page.goto('/account/bookmarks');
  await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Add a bookmark' }).first().click();
  await page.getByLabel('Web address').fill('https://docs.example.org/guide');
  await page.getByLabel('Name').fill('Guide');
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Add bookmark' }).click();
  await expect(page).toHaveURL(/\/account\/bookmarks$/);
  await page.getByRole('link', { name: 'Edit Guide' }).click();
  await page.getByRole('button', { name: 'Delete bookmark' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete bookmark' }).click();
  await expect(page).toHaveURL(/\/account\/bookmarks$/);
  await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible();

  await page.goto('/account/notifications');
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Unread' }).click();
  await expect(page).toHaveURL(/show=unread/);
  await expect(page.getByRole('heading', { name: 'You are all caught up' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
});

test('a system administrator sees and manages any team under /system/teams', async ({ page, browser }) => {
  const team = uniqueTeamName();
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const owner = await signUp(ownerPage);
  await createFirstTeam(ownerPage, team);
  await ownerContext.close();

  await signInAsSystemAdmin(page, 'admin@e2e.test');
  await page.goto(`/teams/${team.slug}/members`);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.goto(`/system/teams/${team.slug}/home`);
  await expect(page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  await expect(page.getByText('You are viewing this team as a system administrator')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(new RegExp(`/system/teams/${team.slug}/members$`));
  await expect(page.getByRole('listitem').filter({ hasText: owner.email }).getByText('Owner')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Disable team' }).click();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Delete team' }).click();
  await page
    .getByRole('alertdialog')
    .getByLabel(/Type .* to confirm/)
    .fill(team.slug);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete team' }).click();
  await expect(page).toHaveURL(/\/system\/teams$/);
});
