import { expect, test } from '@playwright/test';
import { signIn, signUp } from './support/accounts.js';

// docs/decisions/0117-server-side-sessions.md: a session revoked from another browser is refused on its next request.
test('two browsers signed in as one person: one signs the other out from the sessions card', async ({ browser }) => {
  const here = await browser.newContext();
  const there = await browser.newContext();
  try {
    const herePage = await here.newPage();
    const account = await signUp(herePage);
    const therePage = await there.newPage();
    await signIn(therePage, account);
    await expect(therePage).toHaveURL(/\/dashboard$/);

    await herePage.goto('/account/profile');
    const sessions = herePage.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const other = sessions.getByRole('listitem').filter({ hasNot: herePage.getByText('This browser') });
    await other.getByRole('button', { name: /^Sign out / }).click();
    await herePage.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions.getByText('This browser')).toBeVisible();

    // The other browser's next request is refused, and refreshing its token is refused too: it is signed out.
    const refresh = therePage.waitForResponse((response) => response.url().includes('/api/auth/refresh'));
    await therePage.reload();
    expect((await refresh).status()).toBe(401);
    await expect(
      therePage
        .getByRole('button', { name: 'Sign in' })
        .or(therePage.getByRole('link', { name: 'Sign in' }))
        .first(),
    ).toBeVisible();
    expect(await therePage.evaluate(() => localStorage.getItem('dxp:access_token'))).toBeNull();

    // This browser is still signed in.
    await herePage.reload();
    await expect(herePage.getByRole('list', { name: 'Sessions' })).toBeVisible();
  } finally {
    await here.close();
    await there.close();
  }
});
