import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signInAsSystemAdmin } from './support/accounts.js';
import { createApplication, graphqlAs } from './support/graphql.js';
import { inEveryLook } from './support/screens.js';

test('an administrator searches the bundled icons for "git", picks one for an application without a logo, and its tiles show that icon instead of the initials', async ({
  page,
}) => {
  const suffix = randomBytes(3).toString('hex');
  await signInAsSystemAdmin(page, 'admin-icons@e2e.test');
  const application = await createApplication(page, {
    name: `Source Hosting ${suffix}`,
    description: `Repositories and reviews (${suffix}).`,
    url: 'https://git.example.com/',
  });

  // Before: no logo and no icon, so the catalogue tile shows the initials.
  await page.goto(`/apps?search=${encodeURIComponent(application.name)}`);
  const catalogueTile = page.getByRole('link', { name: new RegExp(application.name) });
  await expect(catalogueTile.getByRole('img', { name: application.name })).toHaveText('SH');

  await page.goto(`/system/apps/${application.id}`);
  const iconField = page.getByRole('button', { name: 'Icon', exact: true });
  await expect(iconField).toContainText('No icon');
  await iconField.click();
  const picker = page.getByRole('dialog', { name: 'Choose an icon' });
  const search = picker.getByRole('searchbox', { name: 'Search icons' });
  await expect(search).toBeFocused();
  await search.fill('git');
  const options = picker.getByRole('option');
  await expect(options.first()).toHaveText(/git/);
  for (const text of await options.allTextContents()) expect(text).toContain('git');
  await expect(picker.getByRole('option', { name: 'git-branch', exact: true })).toBeVisible();

  // The picker in light and dark, at a phone's and a desktop's width.
  await inEveryLook(page, 'icon-picker', {
    height: 900,
    check: async () => {
      // Each shown icon is drawn once its letter's chunk has loaded.
      await expect(picker.getByRole('option', { name: 'git-branch', exact: true }).locator('svg')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    },
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  // From the keyboard: down into the results, along to git-branch, Enter picks it and closes the picker.
  await search.fill('git-branch');
  await search.press('ArrowDown');
  await expect(picker.getByRole('option', { name: 'git-branch', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(iconField).toBeFocused();
  await expect(iconField).toContainText('git-branch');
  await page.getByRole('button', { name: 'Save application' }).click();
  await expect(page.getByText('Application saved', { exact: true })).toBeVisible();

  // After: the catalogue tile, the administrators' list and the application's page draw the icon, not the initials.
  await page.goto(`/apps?search=${encodeURIComponent(application.name)}`);
  const catalogueAvatar = catalogueTile.locator('[data-slot="tile-avatar"]');
  await expect(catalogueAvatar).toHaveAttribute('data-shows', 'icon');
  await expect(catalogueAvatar).toHaveAttribute('data-icon', 'git-branch');
  await expect(catalogueAvatar.locator('svg')).toBeVisible();
  await expect(catalogueAvatar.getByRole('img', { name: application.name })).not.toHaveText('SH');

  await page.goto(`/system/apps?search=${encodeURIComponent(application.name)}`);
  const listAvatar = page.locator('[data-slot="tile-avatar"][data-icon="git-branch"]');
  await expect(listAvatar.locator('svg')).toBeVisible();
  await expect(listAvatar).not.toHaveText('SH');

  // The dashboard's launch tile and the team's home, through a team the administrator is granted it for.
  const team = { name: `Platform ${suffix}`, friendlyId: `platform-${suffix}` };
  await graphqlAs(page, `mutation AddTeam($input: AddTeamInput!) { addTeam(input: $input) { id } }`, { input: team });
  await graphqlAs(
    page,
    `mutation UpdateAppStatus($appId: ID!, $friendlyTeamId: String!, $status: TeamApplicationStatus!) {
      updateAppStatus(appId: $appId, friendlyTeamId: $friendlyTeamId, status: $status) { __typename }
    }`,
    { appId: application.id, friendlyTeamId: team.friendlyId, status: 'ENABLED' },
  );
  for (const path of ['/dashboard', `/teams/${team.friendlyId}/home`]) {
    await page.goto(path);
    const avatar = page.locator('[data-slot="tile-avatar"][data-icon="git-branch"]').first();
    await expect(avatar.locator('svg'), path).toBeVisible();
    await expect(avatar.getByRole('img', { name: application.name }), path).not.toHaveText('SH');
  }

  // No icon clears it again: the initials come back.
  await page.goto(`/system/apps/${application.id}`);
  await page.getByRole('button', { name: 'Icon', exact: true }).click();
  await page.getByRole('dialog', { name: 'Choose an icon' }).getByRole('button', { name: 'No icon' }).click();
  await page.getByRole('button', { name: 'Save application' }).click();
  await expect(page.getByText('Application saved', { exact: true })).toBeVisible();
  await page.goto(`/apps?search=${encodeURIComponent(application.name)}`);
  await expect(catalogueTile.getByRole('img', { name: application.name })).toHaveText('SH');
});
