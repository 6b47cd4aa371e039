import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { linkIn, newestMail, signInOverHttp } from './account-fixture.js';

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

/**
 * A signed-in, verified account that has accepted the terms, made without the provider's pages: the built-in
 * provider's own sign-up, mail confirmation, sign-in and token endpoints over HTTP, so the tokens are real
 * (support/account-fixture.ts). Signs in instead when the address already has an account. Ends on the dashboard.
 */
export async function signUp(page: Page, account: TestAccount = newAccount()): Promise<TestAccount> {
  await signInOverHttp(page, account);
  await page.goto('/dashboard');
  // The address alone is there before the page has read the stored session; the heading shows it was taken up.
  await expect(
    page.getByRole('heading', { name: 'Dashboard', level: 1 }),
    'the dashboard opens signed in with the tokens the fixture stored',
  ).toBeVisible();
  return account;
}

/**
 * Signs up through the landing page and the built-in provider's form, accepts the terms; ends on the dashboard.
 * Only for journeys about signing up; every other journey takes `signUp` (an account made over HTTP).
 */
export async function signUpThroughPages(page: Page, account: TestAccount = newAccount()): Promise<TestAccount> {
  await createAccount(page, account);
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/**
 * Fills the built-in provider's sign-up form and, unless it is the installation's first account, confirms the
 * address from the mail and signs in; the new account comes back to the portal signed in.
 */
export async function createAccount(page: Page, account: TestAccount): Promise<void> {
  await fillSignUpForm(page, account);
  await confirmEmailAndSignIn(page, account);
}

/** The landing page's "Sign in" or "Create account": a button, or a link where it leads straight to the provider. */
export function landingAction(page: Page, name: 'Sign in' | 'Create account'): Locator {
  return page.getByRole('button', { name }).or(page.getByRole('link', { name })).first();
}

/** Opens the built-in provider's sign-up form from the landing page, fills it and sends it. */
export async function fillSignUpForm(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/');
  await landingAction(page, 'Create account').click();
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * After the sign-up form: the installation's first account comes back signed in at once; any other is asked
 * to check its mail, so this opens the verification link from the development mailbox, confirms it, and
 * signs in on the same sign-in page.
 */
export async function confirmEmailAndSignIn(page: Page, account: TestAccount): Promise<void> {
  const checkEmail = page.getByRole('heading', { name: 'Check your email' });
  // The sign-up answer hashes the password and checks it against the common-password lists (loaded on first use),
  // which on a loaded two-core machine takes longer than the default wait.
  await expect(checkEmail.or(page.getByRole('button', { name: 'I accept' }))).toBeVisible({ timeout: 30_000 });
  if (!(await checkEmail.isVisible())) return;
  const signInPage = await page.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href');
  const mail = await newestMail(page, account.email, /Confirm your email address|You already have an account/);
  if (mail.subject === 'Confirm your email address') {
    await page.goto(linkIn(mail, '/idp/verify-email'));
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
  }
  await page.goto(signInPage!);
  await fillSignInForm(page, account);
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
  await landingAction(page, 'Sign in').click();
  await fillSignInForm(page, account);
}

export async function fillSignInForm(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * One of the bootstrap administrators (ADMIN_EMAIL in playwright.config.ts): signs up the first time,
 * signs in afterwards; ends on the dashboard. Give each spec its own address so parallel tests never race
 * for one account.
 */
export async function signInAsSystemAdmin(page: Page, email: `admin${string}@e2e.test`): Promise<TestAccount> {
  const account = newAccount({ email, password: 'Administrator-password-1', firstName: 'Grace', lastName: 'Hopper' });
  return signUp(page, account);
}
