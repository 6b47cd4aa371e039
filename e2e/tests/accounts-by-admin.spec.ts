import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '../../apps/server/src/test/smtp.js';
import { MAIL_PORTAL_ADMIN_EMAIL, MAIL_PORTAL_PORT, MAIL_PORTAL_SMTP_PORT } from '../playwright.config.js';
import { acceptTerms, fillSignInForm, fillSignUpForm, landingAction, newAccount, signIn } from './support/accounts.js';

/**
 * Accounts on a portal that sends real mail (MAIL_PORTAL_PORT in playwright.config.ts): the mails are read from
 * an SMTP server this journey starts. The steps share one installation whose first account is its administrator,
 * so they run in order.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://localhost:${MAIL_PORTAL_PORT}` });

let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer({ port: MAIL_PORTAL_SMTP_PORT });
});

test.afterAll(async () => {
  await smtp.close();
});

/** The first link to `path` in the newest mail to `to` with this subject, waiting for the mail to arrive. */
async function linkFromMail(to: string, subject: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect(() => {
    const mail = smtp.mails.findLast(
      (candidate) => candidate.to.includes(to.toLowerCase()) && candidate.content.includes(`Subject: ${subject}`),
    );
    link = mail?.content.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => new URL(url).pathname === path);
    expect(link, `a ${path} link in a mail to ${to}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return link!.replaceAll('&amp;', '&');
}

/** Opens a set-password link from a mail and chooses `password`. */
async function choosePassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
}

async function inNewBrowser<T>(browser: Browser, steps: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await steps(await context.newPage());
  } finally {
    await context.close();
  }
}

const administrator = newAccount({
  email: MAIL_PORTAL_ADMIN_EMAIL,
  password: 'Administrator-password-1',
  firstName: 'Grace',
  lastName: 'Hopper',
});
const member = newAccount();

test('the installation’s first account is its administrator, signed in at once', async ({ page }) => {
  await fillSignUpForm(page, administrator);
  await acceptTerms(page);
  await page.goto('/system/users');
  await expect(page.getByRole('button', { name: 'Add person' })).toBeVisible();
});

test('sign up: the verification mail proves the address, then the person signs in', async ({ page }) => {
  await fillSignUpForm(page, member);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const signInPage = await page.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href');

  await page.goto(await linkFromMail(member.email, 'Confirm your email address', '/idp/verify-email'));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();

  await page.goto(signInPage!);
  await fillSignInForm(page, member);
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: the reset mail sets a new password; the old one stops working', async ({ browser }) => {
  const newPassword = `Another-long-secret-${randomBytes(3).toString('hex')}`;
  await inNewBrowser(browser, async (page) => {
    await page.goto('/');
    await landingAction(page, 'Sign in').click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await choosePassword(
      page,
      await linkFromMail(member.email, 'Choose a new password', '/idp/reset-password'),
      newPassword,
    );
  });

  await inNewBrowser(browser, async (page) => {
    await signIn(page, member);
    await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
    await fillSignInForm(page, { email: member.email, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('an administrator adds a person, who chooses a password from the mail; suspended, they are refused at once', async ({
  browser,
}) => {
  const person = newAccount({ firstName: 'Katherine', lastName: `Johnson ${randomBytes(3).toString('hex')}` });
  const admin = await browser.newContext();
  const theirs = await browser.newContext();
  try {
    const adminPage = await admin.newPage();
    await signIn(adminPage, administrator);
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    await adminPage.goto('/system/users');
    await adminPage.getByRole('button', { name: 'Add person' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add a person' });
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByLabel('First name').fill(person.firstName);
    await dialog.getByLabel('Last name').fill(person.lastName);
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await expect(dialog).toBeHidden();

    const personPage = await theirs.newPage();
    await choosePassword(
      personPage,
      await linkFromMail(person.email, 'Your DXP Portal account', '/idp/reset-password'),
      person.password,
    );
    await signIn(personPage, person);
    await acceptTerms(personPage);
    await expect(personPage).toHaveURL(/\/dashboard$/);

    await adminPage.goto('/system/users');
    await adminPage.getByRole('link', { name: `${person.firstName} ${person.lastName}` }).click();
    await adminPage.getByRole('button', { name: 'Suspend' }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
    await expect(adminPage.getByRole('heading', { level: 1 })).toContainText('Suspended');

    // Their open page's next request is refused: they are signed out.
    await personPage.reload();
    await expect(landingAction(personPage, 'Sign in')).toBeVisible();
    expect(await personPage.evaluate(() => localStorage.getItem('dxp:access_token'))).toBeNull();

    // And they cannot sign in again.
    await signIn(personPage, person);
    await expect(personPage.getByText('This account is suspended.', { exact: false })).toBeVisible();
  } finally {
    await admin.close();
    await theirs.close();
  }
});
