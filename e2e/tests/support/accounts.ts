import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A new, unique account for one test, so tests never share users. */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const suffix = randomBytes(4).toString('hex');
  return {
    email: `e2e-${suffix}@example.com`,
    password: `Correct-horse-${suffix}`,
    firstName: 'Ada',
    lastName: `Lovelace ${suffix}`,
    ...overrides,
  };
}

/** Signs up through the landing page and the built-in provider's form, accepts the terms; ends on the dashboard. */
export async function signUp(page: Page, account: TestAccount = newAccount()): Promise<TestAccount> {
  await createAccount(page, account);
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** Fills the built-in provider's sign-up form; the new account comes back to the portal signed in. */
export async function createAccount(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('button', { name: 'Create account' })
    .or(page.getByRole('link', { name: 'Create account' }))
    .first()
    .click();
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** A new account is shown the terms of service first; accepting them continues where sign-in was going. */
export async function acceptTerms(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/terms-of-service\?redirect=/);
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page).not.toHaveURL(/\/terms-of-service/);
}

/** Signs in through the landing page; ends where the portal sends the user (the dashboard by default). */
export async function signIn(page: Page, account: TestAccount, startAt = '/'): Promise<void> {
  await page.goto(startAt);
  await page
    .getByRole('button', { name: 'Sign in' })
    .or(page.getByRole('link', { name: 'Sign in' }))
    .first()
    .click();
  await fillSignInForm(page, account);
}

export async function fillSignInForm(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * One of the bootstrap administrators (ADMIN_EMAIL in playwright.config.ts): signs up the first time,
 * signs in afterwards. Give each spec its own address so parallel tests never race for one account.
 */
export async function signInAsSystemAdmin(page: Page, email: `admin${string}@e2e.test`): Promise<TestAccount> {
  const account = newAccount({ email, password: 'Administrator-password-1', firstName: 'Grace', lastName: 'Hopper' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const alreadyRegistered = page.getByText(/already (registered|in use|exists)/i);
  await expect(page.getByRole('button', { name: 'Notifications' }).or(alreadyRegistered)).toBeVisible();
  if (await alreadyRegistered.isVisible()) {
    await page.getByRole('link', { name: 'Sign in' }).click();
    await fillSignInForm(page, account);
  } else {
    await acceptTerms(page);
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}
