import { createServer } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { LOCAL_SITE_PORT } from '../playwright.config.js';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { acceptTerms, createAccount, fillSignInForm, newAccount, signUp } from './support/accounts.js';
import { type GraphQLAnswer, graphqlWithBearer } from './support/bearer-graphql.js';
import { inEveryLook } from './support/screens.js';

async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('dxp:access_token'));
  expect(token).toBeTruthy();
  return token!;
}

test('a user edits their profile, then creates, uses and revokes a service key', async ({ page, context, request }) => {
  const account = await signUp(page);
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Primary phone').fill('12');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter 7 to 15 digits.')).toBeVisible();
  await page.getByLabel('Primary phone').fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
  await expect(page.getByLabel('Primary phone')).toHaveValue('+44 20 7946 0958');

  await expect(page.getByText('No service keys')).toBeVisible();
  await page.getByRole('button', { name: 'Create key' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create a service key' });
  await createDialog.getByLabel('Key name').fill('Nightly report');
  await createDialog.getByRole('button', { name: 'Create key' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Copy your new key' });
  await expect(keyDialog.getByText('You will not see this key again')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  const serviceKey = await keyDialog.getByLabel('Your new key').inputValue();
  expect(serviceKey.length).toBeGreaterThan(20);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await keyDialog.getByRole('button', { name: 'Copy' }).click();
  await expect(keyDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(serviceKey);
  await keyDialog.getByRole('button', { name: 'Done' }).click();

  const keyList = page.getByRole('list', { name: 'Service keys' });
  await expect(keyList.getByText('Nightly report')).toBeVisible();
  // The list tells keys apart by their first characters (the dxp_sk_ marker and 6 more).
  await expect(keyList.getByText(`${serviceKey.slice(0, 13)}…`)).toBeVisible();
  await expect(keyList.getByText(/never used/)).toBeVisible();
  await expect(page.getByText(serviceKey)).toHaveCount(0);

  const asKey = await graphqlWithBearer<{ me: { email: string } }>(request, serviceKey, '{ me { email } }');
  expect(asKey.errors).toBeUndefined();
  expect(asKey.data?.me.email).toBe(account.email);

  await page.reload();
  await expect(keyList.getByText(/last used/)).toBeVisible();
  await keyList.getByRole('button', { name: 'Revoke Nightly report' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Key “Nightly report” revoked', { exact: true })).toBeVisible();
  await expect(page.getByText('No service keys')).toBeVisible();

  const afterRevoke = await graphqlWithBearer(request, serviceKey, '{ me { email } }');
  expect(afterRevoke.errors?.[0]?.extensions?.code).toBe('AUTH_NOT_AUTHENTICATED');
});

test('a personal bookmark takes its name and icon from the page it points to', async ({ page }) => {
  const handbookPage =
    '<!doctype html><html><head><title>Local Handbook</title><link rel="icon" href="/favicon.svg"></head><body>Handbook</body></html>';
  const localSite = createServer((request, response) => {
    if (request.url === '/favicon.svg') {
      response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
      response.end('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(handbookPage);
  });
  await new Promise<void>((resolve) => localSite.listen(LOCAL_SITE_PORT, '127.0.0.1', resolve));
  try {
    await signUp(page);
    await page.goto('/account/bookmarks');
    await page.getByRole('link', { name: 'Add a bookmark' }).first().click();
    // Leaving the address looks the name and icon up on its own.
    await page.getByLabel('Web address').fill(`http://127.0.0.1:${LOCAL_SITE_PORT}/handbook`);
    await page.getByLabel('Web address').blur();
    await expect(page.getByLabel('Name')).toHaveValue('Local Handbook');
    await expect(page.getByLabel('Icon URL')).toHaveValue(`http://127.0.0.1:${LOCAL_SITE_PORT}/favicon.svg`);
    await expectNoSeriousAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Add bookmark' }).click();
    await expect(page).toHaveURL(/\/account\/bookmarks$/);
    await expect(page.getByText('Local Handbook').first()).toBeVisible();

    // The same address again, spelt with a trailing slash, is pointed out; a bare host gains https://.
    await page.getByRole('link', { name: 'Add a bookmark' }).first().click();
    await page.getByLabel('Name').fill('Handbook again');
    await page.getByLabel('Web address').fill(`http://127.0.0.1:${LOCAL_SITE_PORT}/handbook/`);
    await page.getByLabel('Web address').blur();
    await expect(
      page.getByRole('status').filter({ hasText: 'You already have a bookmark for this address' }),
    ).toContainText('Local Handbook');
    await expect(page.getByLabel('Name')).toHaveValue('Handbook again');
    await inEveryLook(page, 'bookmark-same-address', { height: 800 });
    await page.getByLabel('Web address').fill('github.com/dxp');
    await page.getByLabel('Web address').blur();
    await expect(page.getByLabel('Web address')).toHaveValue('https://github.com/dxp');
    await expect(page.getByText('You already have a bookmark for this address')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add bookmark' }).click();
    await expect(page).toHaveURL(/\/account\/bookmarks$/);
    await expect(page.getByRole('link', { name: 'Handbook again (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://github.com/dxp',
    );
  } finally {
    await new Promise((resolve) => localSite.close(resolve));
  }
});

test('the terms are readable signed out, and a new account accepts them before going on', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { name: 'Terms of service', level: 1 })).toBeVisible();
  await expect(page.getByText(/In effect since/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'I accept' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);

  await createAccount(page, newAccount());
  await expect(page).toHaveURL(/\/terms-of-service\?redirect=%2Fdashboard$/);
  // Nothing behind sign-in opens until the terms are accepted.
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/terms-of-service\?redirect=%2Faccount%2Fprofile$/);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/account\/profile$/);

  await page.goto('/terms-of-service');
  await expect(page.getByText('You have accepted these terms.')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-out visitor sends a message through contact us, until the rate limit says to wait', async ({
  page,
  request,
}) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();

  await page.getByLabel('Name').fill('Visitor Without Account');
  await page.getByLabel('Email').fill('visitor@example.com');
  await page.getByLabel('Subject').fill('Access for our agency');
  await page.getByLabel('Message').fill('How do we get an account for our agency?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you, your message has been sent')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // Use up the allowance of this address (5 per 10 minutes), then the form says to wait.
  const message = { name: 'Visitor', email: 'visitor@example.com', subject: 'Again', message: 'Hello' };
  let code: string | undefined;
  for (let attempt = 0; attempt < 6 && code !== 'RATE_LIMITED'; attempt += 1) {
    const answer = await request.post('/graphql', {
      data: { query: 'mutation ($input: ContactUsInput!) { contactUs(input: $input) }', variables: { input: message } },
    });
    code = ((await answer.json()) as GraphQLAnswer<unknown>).errors?.[0]?.extensions?.code;
  }
  expect(code).toBe('RATE_LIMITED');
  await page.getByRole('button', { name: 'Send another message' }).click();
  await page.getByLabel('Subject').fill('One more');
  await page.getByLabel('Message').fill('Sorry to insist.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many messages' })).toBeVisible();
});

test('an owner of a team with members must transfer it before deleting the account, then cannot sign in', async ({
  page,
  browser,
  request,
}) => {
  const owner = await signUp(page);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUp(memberPage);
  const ownerToken = await accessTokenOf(page);
  const memberToken = await accessTokenOf(memberPage);
  await memberContext.close();

  const slug = `owned-${owner.lastName.split(' ')[1]}`;
  const added = await graphqlWithBearer(
    request,
    ownerToken,
    'mutation ($input: AddTeamInput!) { addTeam(input: $input) { id } }',
    {
      input: { name: `Owned ${slug}`, friendlyId: slug },
    },
  );
  expect(added.errors).toBeUndefined();
  const invited = await graphqlWithBearer<{ createInvite: { results: { invite: { id: string } | null }[] } }>(
    request,
    ownerToken,
    'mutation ($input: CreateInviteInput!) { createInvite(input: $input) { results { invite { id } } } }',
    { input: { teamFriendlyId: slug, emails: [member.email], teamRole: 'TeamMember' } },
  );
  const inviteId = invited.data?.createInvite.results[0]?.invite?.id;
  expect(inviteId).toBeTruthy();
  const accepted = await graphqlWithBearer(
    request,
    memberToken,
    'mutation ($id: ID!) { acceptInvite(inviteId: $id) }',
    { id: inviteId },
  );
  expect(accepted.errors).toBeUndefined();

  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const transferLink = page.getByRole('link', { name: `Transfer ownership of Owned ${slug}` });
  await expect(transferLink).toBeVisible();
  await expect(transferLink).toHaveAttribute('href', `/teams/${slug}/members`);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);
  await transferLink.click();
  await expect(page).toHaveURL(new RegExp(`/teams/${slug}/members$`));

  const memberId = (await graphqlWithBearer<{ me: { id: string } }>(request, memberToken, '{ me { id } }')).data?.me.id;
  const transferred = await graphqlWithBearer(
    request,
    ownerToken,
    'mutation ($team: String!, $target: ID!) { transferTeamOwnership(teamFriendlyId: $team, targetUserId: $target) { id } }',
    { team: slug, target: memberId },
  );
  expect(transferred.errors).toBeUndefined();

  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  const deleteButton = confirm.getByRole('button', { name: 'Delete account' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox').fill(owner.email);
  await deleteButton.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('dxp:access_token'))).toBeNull();
  const oldToken = await graphqlWithBearer(request, ownerToken, '{ me { email } }');
  expect(oldToken.errors?.[0]?.extensions?.code).toBe('AUTH_NOT_AUTHENTICATED');

  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillSignInForm(page, owner);
  await expect(page.getByRole('alert')).toContainText(/incorrect/i);
});
