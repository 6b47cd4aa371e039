import { expect, test } from '@playwright/test';
import { SHORT_SESSION_PORT, TAG_MANAGER_ID } from '../playwright.config.js';
import { signUp } from './support/accounts.js';

test.use({ baseURL: `http://localhost:${SHORT_SESSION_PORT}` });

type PageViewEvent = {
  event: string;
  pageType: string;
  pageUrl: string;
  routeName: string;
  pageTitle: string;
  environment: string;
  user: { email?: string } | null;
};

test('every route change pushes an app.pageview event to the tag manager 250 ms later', async ({ page }) => {
  // Google Tag Manager is a third party: its script is answered here, and the test reads what we push.
  const scriptRequests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    scriptRequests.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: '/* tag manager stand-in */' });
  });
  const account = await signUp(page);
  // The route handler runs after the request has gone out, so the page can be ready before it has been counted.
  await expect.poll(() => scriptRequests.some((url) => url.includes(`id=${TAG_MANAGER_ID}`))).toBe(true);

  await page.getByRole('link', { name: 'Bookmarks' }).first().click();
  await expect(page).toHaveURL(/\/account\/bookmarks$/);
  const pageViews = () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer: { event?: string }[] }).dataLayer ?? []).filter(
        (entry) => entry.event === 'app.pageview',
      ),
    );

  await expect
    .poll(async () => ((await pageViews()) as PageViewEvent[]).map((view) => view.pageUrl))
    .toContain('/account/bookmarks');
  const bookmarksView = ((await pageViews()) as PageViewEvent[]).find((view) => view.pageUrl === '/account/bookmarks')!;
  expect(bookmarksView).toMatchObject({
    event: 'app.pageview',
    pageType: 'PageView',
    environment: 'e2e',
    routeName: expect.stringContaining('bookmarks'),
    pageTitle: expect.stringMatching(/Bookmarks/),
  });
  expect(bookmarksView.user?.email).toBe(account.email);
});
