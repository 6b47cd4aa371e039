import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signIn, signUp } from './support/accounts.js';
import { inEveryLook } from './support/screens.js';

// docs/decisions/0123-second-factors-built-in-provider.md: an authenticator app set up on the profile page is asked
// for after the password; a recovery code works once instead. Codes are computed here from the key the page shows.
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu|user menu|open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a person sets up an authenticator app, signs in with password and code, and uses a recovery code once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = await signUp(page);
  await page.goto('/account/profile');
  const card = page.locator('[data-slot="card"]', {
    has: page.getByRole('heading', { name: 'Two-factor authentication' }),
  });
  await expect(card.getByText('Two-factor authentication is off')).toBeVisible();

  await card.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setUp = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(setUp.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await setUp.getByLabel('Key for entering by hand').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await setUp.getByLabel('Code from the app').fill('000000');
  await setUp.getByRole('button', { name: 'Turn on' }).click();
  await expect(setUp.getByText('The code is incorrect.')).toBeVisible();
  await setUp.getByLabel('Code from the app').fill(codeOf(secret));
  await setUp.getByRole('button', { name: 'Turn on' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const codeItems = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allInnerTexts();
  await expectNoSeriousAccessibilityViolations(page);
  await saved.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByText('10 of 10 recovery codes left')).toBeVisible();

  await inEveryLook(page, 'two-factor-card', { height: 1400, part: card });

  // Password, then the code of the app's next time step (this one was spent confirming it).
  await signOut(page);
  await signIn(page, account);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await inEveryLook(page, 'second-factor-step', { height: 900 });
  await page.getByLabel('Authentication code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is incorrect or was already used.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code instead of the app: once.
  const signInWithRecoveryCode = async (code: string) => {
    await signOut(page);
    await signIn(page, account);
    await page.getByRole('link', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };
  await signInWithRecoveryCode(codes[0]!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await signInWithRecoveryCode(codes[0]!);
  await expect(page.getByText('This recovery code is incorrect or was already used.')).toBeVisible();
});
