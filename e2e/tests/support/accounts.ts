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

/** Signs up through the landing page and the built-in provider's form; ends on the dashboard. */
export async function signUp(page: Page, account: TestAccount = newAccount()): Promise<TestAccount> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create account' }).or(page.getByRole('link', { name: 'Create account' })).first().click();
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** Signs in through the landing page; ends where the portal sends the user (the dashboard by default). */
export async function signIn(page: Page, account: TestAccount, startAt = '/'): Promise<void> {
  await page.goto(startAt);
  await page.getByRole('button', { name: 'Sign in' }).or(page.getByRole('link', { name: 'Sign in' })).first().click();
  await fillSignInForm(page, account);
}

export async function fillSignInForm(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
