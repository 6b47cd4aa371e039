import { expect, test, type Page } from '@playwright/test';
import { SHORT_SESSION_PORT } from '../playwright.config.js';
import { signUp } from './support/accounts.js';

// This server's access tokens last 5 seconds (ACCESS_TOKEN_TTL_SECONDS=5).
test.use({ baseURL: `http://localhost:${SHORT_SESSION_PORT}` });

/** Waits until the access token the page holds has expired, whenever it last renewed it. */
async function waitOutAccessToken(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const token = localStorage.getItem('dxp:access_token');
      if (!token) return true;
      const payload = token.split('.')[1]!.replaceAll('-', '+').replaceAll('_', '/');
      return (JSON.parse(atob(payload)) as { exp: number }).exp * 1000 < Date.now();
    },
    undefined,
    { timeout: 20_000, polling: 250 },
  );
}

/**
 * Resolves when the dashboard's own first call, the bell's unread notifications (made once the page is idle, up to
 * 3 s after it mounts), has been answered with data. Made later than that, on a slow machine, it meets an expired
 * token and starts a refresh; a reload in the middle of that refresh would reuse the refresh token it spends.
 */
function notificationsAnswered(page: Page): Promise<unknown> {
  return page.waitForResponse(async (response) => {
    const operation = (response.request().postDataJSON() as { operationName?: string } | null)?.operationName;
    if (!response.url().endsWith('/graphql') || operation !== 'GetMyNotifications') return false;
    const body = (await response.json().catch(() => ({}))) as { errors?: unknown[] };
    return body.errors === undefined;
  });
}

test('an expired access token is refreshed silently and the call repeated', async ({ page }) => {
  const dashboardSettled = notificationsAnswered(page);
  await signUp(page);
  await dashboardSettled;
  const firstToken = await page.evaluate(() => localStorage.getItem('dxp:access_token'));
  expect(firstToken).toBeTruthy();

  await waitOutAccessToken(page);
  const refresh = page.waitForResponse((response) => response.url().includes('/api/auth/refresh'));
  await page.reload();
  expect((await refresh).status()).toBe(200);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  const secondToken = await page.evaluate(() => localStorage.getItem('dxp:access_token'));
  expect(secondToken).toBeTruthy();
  expect(secondToken).not.toBe(firstToken);
});

test('a page that reloads in the middle of its renewal stays signed in: the next load renews with the spent token', async ({
  page,
}) => {
  const dashboardSettled = notificationsAnswered(page);
  await signUp(page);
  await dashboardSettled;

  // The first renewal reaches the provider, which spends the refresh token, but its answer never reaches the page:
  // the page reloads first and cuts the request short, as a person pressing F5 at that moment does.
  let spent: () => void;
  const refreshTokenSpent = new Promise<void>((resolve) => (spent = resolve));
  await page.route(
    (url) => url.pathname === '/idp/token',
    async (route) => {
      if (!route.request().postData()?.includes('grant_type=refresh_token')) return route.continue();
      await route.fetch();
      spent();
    },
    { times: 1 },
  );
  await waitOutAccessToken(page);
  // Opening the bell asks for the notifications with the expired token, which starts the renewal.
  await page.getByRole('button', { name: 'Notifications' }).click();
  await refreshTokenSpent;
  const renewals: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/auth/refresh')) renewals.push(response.status());
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications' }), 'still signed in after the reload').toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(renewals).toContain(200);
});

test('a GraphQL call made with an expired token is refreshed and repeated once', async ({ page }) => {
  const dashboardSettled = notificationsAnswered(page);
  await signUp(page);
  await dashboardSettled;
  await waitOutAccessToken(page);
  const graphqlStatuses: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/graphql')) {
      const body = (await response.json().catch(() => ({}))) as { errors?: { extensions?: { code?: string } }[] };
      graphqlStatuses.push(body.errors?.[0]?.extensions?.code ?? 'ok');
    }
  });
  const refresh = page.waitForResponse((response) => response.url().includes('/api/auth/refresh'));
  // Opening the bell asks for the unread notifications with the (expired) token.
  await page.getByRole('button', { name: 'Notifications' }).click();
  expect((await refresh).status()).toBe(200);
  await expect(page.getByText('You have no unread notifications.')).toBeVisible();
  await expect.poll(() => graphqlStatuses).toContain('ok');
  expect(graphqlStatuses.filter((code) => code === 'AUTH_NOT_AUTHENTICATED').length).toBeLessThanOrEqual(1);
});

test('two tabs whose token expired renew it at the same moment, once between them, and both stay signed in', async ({
  page,
}) => {
  const firstSettled = notificationsAnswered(page);
  await signUp(page);
  await firstSettled;
  const second = await page.context().newPage();
  const secondSettled = notificationsAnswered(second);
  await second.goto('/dashboard');
  await secondSettled;
  await waitOutAccessToken(page);

  // Both tabs ask with the expired token at once. The provider's refresh token is spent by one renewal, and a
  // second use of it would end the whole sign-in.
  const bells = [page, second].map((tab) => tab.getByRole('button', { name: 'Notifications' }));
  await Promise.all(bells.map((bell) => bell.click()));
  for (const tab of [page, second]) {
    await expect(tab.getByText('You have no unread notifications.')).toBeVisible();
  }
  // Still signed in at the provider: the next renewal works as well (made by either tab; a failed one would end the
  // session and open the landing page).
  await waitOutAccessToken(second);
  await second.reload();
  await expect(second.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(second).toHaveURL(/\/dashboard$/);
  expect(await second.evaluate(() => localStorage.getItem('dxp:access_token'))).toBeTruthy();
});

test('when the refresh fails the user is signed out and sent to the landing page', async ({ page }) => {
  await signUp(page);
  // The provider session is gone (for example revoked by an administrator): no silent renewal is possible.
  await page.context().clearCookies();
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('oidc.')) localStorage.removeItem(key);
  });
  await waitOutAccessToken(page);
  await page.reload();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  expect(await page.evaluate(() => localStorage.getItem('dxp:access_token'))).toBeNull();
});
