import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { EXTERNAL_PROVIDER_PORTAL_PORT, STANDALONE_PROVIDER_PORT } from '../playwright.config.js';
import { acceptTerms, landingAction } from './support/accounts.js';

// This portal's identity provider is a standalone oidc-provider with its defaults: its ID tokens carry no email or
// names (userinfo does), its development sign-in page takes any login and ignores the password.
test.use({ baseURL: `http://localhost:${EXTERNAL_PROVIDER_PORTAL_PORT}` });

test('a person signs in through an external OpenID provider and is known by the email and names of its userinfo', async ({
  page,
}) => {
  const login = `e2e-${randomBytes(4).toString('hex')}`;
  await page.goto('/');
  await landingAction(page, 'Sign in').click();

  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${STANDALONE_PROVIDER_PORT}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await acceptTerms(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/auth/userinfo', {
      headers: { Authorization: `Bearer ${localStorage.getItem('dxp:access_token')}` },
    });
    return (await response.json()) as { email: string; firstName: string; lastName: string };
  });
  expect(me).toMatchObject({ email: `${login}@standalone.test`, firstName: login, lastName: 'Standalone' });
});

test('a sign-in the portal refuses tells the person why, with the reason as a code', async ({ page }) => {
  await page.goto('/');
  await landingAction(page, 'Sign in').click();
  // This account has no email address for the provider to share.
  await page.getByPlaceholder('Enter any login').fill('no-email');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  const failure = page.getByRole('alert');
  await expect(failure).toContainText('Sign-in failed');
  await expect(failure).toContainText('did not share your email address');
  await expect(failure).toContainText('email_missing');
});
