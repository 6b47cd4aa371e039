import { expect, test } from '@playwright/test';
import { fillSignInForm, newAccount, signIn, signUp } from './support/accounts.js';

test('a person changes their password on the profile page: the old one is refused, the new one works', async ({
  page,
}) => {
  const account = await signUp(page, newAccount());
  const newPassword = `${account.password}-renewed`;

  await page.goto('/account/profile');
  const card = page.getByRole('form', { name: 'Password' });
  await card.getByLabel('Current password').fill('not-my-password-at-all');
  await card.getByLabel('New password').fill(newPassword);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('The current password is incorrect.')).toBeVisible();

  await card.getByLabel('Current password').fill(account.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /account menu|user menu|open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, account);
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await fillSignInForm(page, { email: account.email, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
});
