import { expect, type Page, test } from '@playwright/test';
import { fillSignInForm, signUp } from './support/accounts.js';

/** Chromium's virtual authenticator: a platform authenticator with discoverable credentials and user verification. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function addPasskey(page: Page, name: string) {
  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Passkey name').fill(name);
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText(`Passkey “${name}” added`, { exact: true })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu|user menu|open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

// docs/decisions/0125-passkeys.md: a passkey added on the profile page signs in without the password, through
// Chromium's virtual authenticator (a platform authenticator with discoverable credentials and user verification).
test('a person adds a passkey on the profile page, signs out and signs in with it', async ({ page }) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await signUp(page);
  await page.goto('/account/profile');
  await expect(page.getByText('No passkeys yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Passkey name').fill('Test laptop');
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText('Passkey “Test laptop” added', { exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('button', { name: 'Rename Test laptop' })).toBeVisible();
  await expect(list.getByText('not used yet')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: /account menu|user menu|open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page
    .getByRole('button', { name: 'Sign in' })
    .or(page.getByRole('link', { name: 'Sign in' }))
    .first()
    .click();
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  await passkeyButton.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/account/profile');
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText(/last used/)).toBeVisible();

  // Removing it asks first, then the list is empty again.
  await page.getByRole('button', { name: 'Remove Test laptop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No passkeys yet')).toBeVisible();
});

// docs/decisions/0132-passkey-second-step-and-admin-reset.md: after the password, a person with a passkey (and no
// authenticator app) is asked for it as the second step; the portal records both factors.
test('a person with a passkey signs in with the password, then the passkey as the second step', async ({ page }) => {
  await addVirtualAuthenticator(page);
  const account = await signUp(page);
  await addPasskey(page, 'Work laptop');
  await signOut(page);

  await page
    .getByRole('button', { name: 'Sign in' })
    .or(page.getByRole('link', { name: 'Sign in' }))
    .first()
    .click();
  await fillSignInForm(page, account);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  // The portal's callback exchanges the code and opens the session; on a loaded machine that takes a while.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await page.goto('/account/profile');
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText(/last used/)).toBeVisible();
});
