import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signInAsSystemAdmin, signUp } from './support/accounts.js';
import { holdOperations } from './support/hold-operations.js';
import { uniqueTeamName } from './support/teams.js';

/**
 * From now on serves every script the page fetches `delayMs` late (the lazily loaded chunks of the next page, its
 * pending skeleton among them); `settled()` resolves once none is still held back.
 */
async function delayScripts(page: Page, delayMs: number) {
  let held = 0;
  await page.route('**/assets/*.js', async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
    held -= 1;
  });
  return { held: () => held };
}

/**
 * Records, in the page, whether the signed-in header ever leaves the document or stops being visible from now on
 * (React hides, with `display: none`, what a Suspense boundary above it replaces by its fallback).
 */
async function watchHeader(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await page.evaluate(() => {
    const state = window as unknown as { headerWasRemoved: boolean };
    state.headerWasRemoved = false;
    const check = () => {
      const header = document.querySelector('header');
      if (!header?.checkVisibility()) state.headerWasRemoved = true;
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, attributes: true });
    setInterval(check, 20);
  });
  return {
    wasRemoved: () => page.evaluate(() => (window as unknown as { headerWasRemoved: boolean }).headerWasRemoved),
  };
}

/**
 * Signs in as an administrator of its own and fills in a new application, ready to be created; returns its name. Each
 * journey has its own administrator: two first sign-ups of one address at once leave one of them unconfirmed.
 */
async function fillNewApplication(page: Page, label: string, administrator: `admin${string}@e2e.test`) {
  await signInAsSystemAdmin(page, administrator);
  const name = `${label} ${randomBytes(3).toString('hex')}`;
  await page.goto('/system/apps/add');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Address').fill(`https://${label.toLowerCase().replace(' ', '-')}.example.com/`);
  await page.getByLabel('Description').fill('Its page loads slowly on purpose.');
  return name;
}

test('after a mutation that moves to a slow page, the header and navigation stay while only the content waits', async ({
  page,
}) => {
  const name = await fillNewApplication(page, 'Slow ledger', 'admin-ledger@e2e.test');
  const header = await watchHeader(page);
  const held = await holdOperations(page, /^GetApplicationById$/);
  await page.getByRole('button', { name: 'Create application' }).click();

  // While the new application's page loads: the loading bar runs, and the header and navigation stay.
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  await expect(page).toHaveURL(/\/system\/apps\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Applications' }).first()).toBeAttached();
  expect(await header.wasRemoved(), 'the header left the page or was hidden while it loaded').toBe(false);

  held.release();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(await header.wasRemoved(), 'the header left the page or was hidden while it loaded').toBe(false);
});

test('creating a team moves to its home while the header and navigation stay', async ({ page }) => {
  await signUp(page);
  const team = uniqueTeamName();
  await page.goto('/teams/add');
  await page.getByLabel('Team name').fill(team.name);
  await expect(page.getByLabel('Team address')).toHaveValue(team.slug);

  const header = await watchHeader(page);
  const held = await holdOperations(page, /^GetTeam/);
  await page.getByRole('button', { name: 'Create team' }).click();

  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(await header.wasRemoved(), 'the header left the page or was hidden while it loaded').toBe(false);

  held.release();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.slug}/home$`));
  await expect(page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  expect(await header.wasRemoved(), 'the header left the page or was hidden while it loaded').toBe(false);
});

test("when the next page's code and data are both slow, the header never hides: only the content waits", async ({
  page,
}) => {
  // Before the signed-in layout had its own Suspense boundary, the page's pending skeleton, itself a lazily loaded
  // chunk, suspended up to the router's root boundary: a white page under the loading bar until the chunk came.
  const name = await fillNewApplication(page, 'Slow code', 'admin-code@e2e.test');
  const header = await watchHeader(page);
  const scripts = await delayScripts(page, 2_500);
  const held = await holdOperations(page, /^GetApplicationById$/);
  await page.getByRole('button', { name: 'Create application' }).click();

  await expect(page).toHaveURL(/\/system\/apps\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  // Every late chunk has been asked for and served while the page's data is still held.
  await expect.poll(() => scripts.held(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => scripts.held(), { timeout: 15_000 }).toBe(0);
  await expect(page.getByRole('banner')).toBeVisible();
  expect(await header.wasRemoved(), 'the header left the page or was hidden while it loaded').toBe(false);

  held.release();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(await header.wasRemoved(), 'the header left the page or was hidden while it loaded').toBe(false);
});
