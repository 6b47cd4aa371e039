import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signUp } from './support/accounts.js';

test('an unknown page shows "Page Not Found" with a way back to the dashboard', async ({ page }) => {
  await signUp(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the bell opens a flyout with the empty state, a "View all" link and a close button', async ({ page }) => {
  await signUp(page);
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell).toBeVisible();

  await bell.click();
  const flyout = page.getByRole('dialog', { name: 'Notifications' });
  await expect(flyout).toBeVisible();
  await expect(flyout.getByText('You have no unread notifications.')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await flyout.getByRole('button', { name: 'Close' }).click();
  await expect(flyout).toBeHidden();

  await bell.click();
  await expect(flyout).toBeVisible();
  await page.mouse.click(10, 400);
  await expect(flyout).toBeHidden();

  await bell.click();
  await flyout.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/account\/notifications$/);
});

test('the landing page has no bell; every signed-in page has one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
  await signUp(page);
  for (const path of ['/dashboard', '/account/profile', '/teams/add']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  }
});

test('the colour mode follows the choice, sets the theme colour and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signUp(page);
  const html = page.locator('html');
  const themeColour = page.locator('meta[name="theme-color"]');
  await expect(html).not.toHaveClass(/dark/);
  await expect(themeColour).toHaveAttribute('content', '#ffffff');

  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/dark/);
  await expect(themeColour).toHaveAttribute('content', '#1b1718');
  await expectNoSeriousAccessibilityViolations(page);

  await page.reload();
  await expect(html).toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
});

test('a sign-in that cannot reach the identity provider says so in a toast', async ({ page }) => {
  await page.goto('/');
  // The identity provider going down is a fault we provoke, not a stand-in for it.
  await page.route('**/idp/.well-known/openid-configuration', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const toast = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /sign/i });
  await expect(toast.first()).toBeVisible();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});
