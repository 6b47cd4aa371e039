import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signUp } from './support/accounts.js';

test('a changed form asks before it is left, in the app and when the tab closes; a saved one goes on', async ({
  page,
}, testInfo) => {
  await signUp(page);
  await page.goto('/account/profile');
  await page.getByLabel('First name').fill('Augusta');

  // Leaving through the navigation asks; staying keeps the typed name.
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await navigation.getByRole('link', { name: 'Bookmarks' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: testInfo.outputPath(`leave-without-saving-${colorScheme}-${width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByLabel('First name')).toHaveValue('Augusta');

  // Closing the tab asks the browser's own question.
  const beforeUnload = page.waitForEvent('dialog');
  await page.getByLabel('Last name').click();
  void page.close({ runBeforeUnload: true });
  const question = await beforeUnload;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await expect(page.getByLabel('First name')).toHaveValue('Augusta');

  // Leaving anyway goes on.
  await navigation.getByRole('link', { name: 'Bookmarks' }).click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/account\/bookmarks$/);

  // A saved bookmark moves on to the list without asking.
  await page.getByRole('link', { name: 'Add a bookmark' }).first().click();
  await page.getByLabel('Web address').fill('https://handbook.example.com/');
  await page.getByLabel('Name').fill('Handbook');
  await page.getByRole('button', { name: 'Add bookmark' }).click();
  await expect(page).toHaveURL(/\/account\/bookmarks$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Handbook').first()).toBeVisible();
});
