import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signUp } from './support/accounts.js';
import { inEveryLook } from './support/screens.js';

test('a changed form asks before it is left, in the app and when the tab closes; a saved one goes on', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/account/profile');
  await page.getByLabel('First name').fill('Augusta');

  // Leaving through the navigation asks; staying keeps the typed name.
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await navigation.getByRole('link', { name: 'Bookmarks' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await inEveryLook(page, 'leave-without-saving', { height: 800 });
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
