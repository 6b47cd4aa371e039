import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signUp } from './support/accounts.js';
import { addTeamAs, inviteAs, uniqueTeamName } from './support/teams.js';
import { inEveryLook } from './support/screens.js';

test('an unknown page shows "Page Not Found" with a way back to the dashboard', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);

  await signUp(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  // Signed in, the page keeps the header: the bell shows everywhere but / and /auth/* (docs/spec.md §2).
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a page whose data the server refuses shows the error page, and the loading bar turns to the error colour', async ({
  page,
}) => {
  // Records the loading bar's colour while it shows the error: it fills and fades within 900 ms.
  await page.addInitScript(() => {
    const coloursSeen: string[] = [];
    (window as unknown as { loadingBarErrorColours: string[] }).loadingBarErrorColours = coloursSeen;
    new MutationObserver(() => {
      const fill = document.querySelector('[role="progressbar"][data-error="true"]')?.firstElementChild;
      if (fill) coloursSeen.push(getComputedStyle(fill).backgroundColor);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-error', 'role'] });
  });
  await signUp(page);

  // A cursor in a link is forgiven (the list opens at its first page), so the request itself carries one that no
  // list ever gave out, as an outdated client would send it: the server refuses it.
  await page.route('**/graphql', (route) => {
    const body = route.request().postDataJSON() as { query?: string; variables?: Record<string, unknown> } | null;
    if (!body?.query?.includes('GetMyInvoices')) return route.continue();
    return route.continue({
      postData: JSON.stringify({ ...body, variables: { ...body.variables, after: 'not-a-cursor' } }),
    });
  });
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && response.request().postData()!.includes('GetMyInvoices'),
  );
  await page.goto('/account/billing');
  expect(await (await refused).json()).toMatchObject({ errors: [{ extensions: { code: 'INVALID_REQUEST' } }] });

  await expect(page.getByRole('heading', { name: 'Bad Request' })).toBeVisible();
  await expect(page.getByText('400', { exact: true })).toBeVisible();
  await expect(page.getByText('The cursor is not valid for this list and order.')).toBeVisible();
  await expect(page).toHaveTitle('Error');
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  const errorColour = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'var(--error)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
  const coloursSeen = await page.evaluate(
    () => (window as unknown as { loadingBarErrorColours: string[] }).loadingBarErrorColours,
  );
  expect(coloursSeen.length).toBeGreaterThan(0);
  expect(new Set(coloursSeen)).toEqual(new Set([errorColour]));
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Bad Request' })).toHaveCount(0);
  await expect(page).not.toHaveTitle('Error');
});

test('the bell opens a flyout with the empty state, a "View all" link and a close button', async ({ page }) => {
  await signUp(page);
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell).toBeVisible();

  await bell.click();
  const flyout = page.getByRole('dialog', { name: 'Notifications' });
  await expect(flyout).toBeVisible();
  await expect(flyout.getByText('You have no unread notifications.')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await flyout.getByRole('button', { name: 'Close' }).click();
  await expect(flyout).toBeHidden();

  await bell.click();
  await expect(flyout).toBeVisible();
  await page.mouse.click(10, 400);
  await expect(flyout).toBeHidden();

  await bell.click();
  await flyout.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/account\/notifications$/);
});

test('the landing page has no bell; every signed-in page has one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
  await signUp(page);
  for (const path of ['/dashboard', '/account/profile', '/teams/add']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  }
});

test("a page's scripts load beside the start-up bundle, named in its HTML, not after it has run", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/dashboard')).text();
  const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(([, href]) => href!);
  expect(named.some((href) => href.startsWith('/assets/dashboard-'))).toBe(true);
  const startupBundle = /<script type="module" crossorigin src="([^"]+)">/.exec(html)![1]!;

  await signUp(page);
  // The start-up bundle is held back until the page's own scripts have been asked for: only the HTML can ask for
  // them then, since the router imports them once the bundle has run.
  const requested = new Set<string>();
  page.on('request', (pageRequest) => requested.add(new URL(pageRequest.url()).pathname));
  let namedWhileBundleHeld = false;
  await page.route(`**${startupBundle}`, async (route) => {
    for (let waited = 0; waited < 5_000 && !named.every((href) => requested.has(href)); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    namedWhileBundleHeld = named.every((href) => requested.has(href));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(namedWhileBundleHeld).toBe(true);
  // Each once: the router's own import of a chunk found it loaded.
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map(({ name }) => new URL(name).pathname),
  );
  for (const href of named)
    expect(
      loaded.filter((path) => path === href),
      href,
    ).toHaveLength(1);
});

test('a first load reads the runtime settings from its HTML and asks the server for none', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  const embedded = /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html)?.[1];
  expect(embedded, 'the page names its runtime settings').toBeDefined();
  expect(JSON.parse(embedded!)).toEqual(await (await request.get('/api/config')).json());

  const settingsRequests: string[] = [];
  page.on('request', (pageRequest) => {
    if (new URL(pageRequest.url()).pathname === '/api/config') settingsRequests.push(pageRequest.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to DXP Portal', level: 1 })).toBeVisible();
  await signUp(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(settingsRequests).toEqual([]);
});

test('a signed-in page shows its header while the user and data load, and the logo stays put when the page arrives', async ({
  page,
}) => {
  await signUp(page);
  const logo = page.getByRole('banner').getByText('DXP Portal');
  let userHeld = Promise.resolve();
  await page.route('**/api/auth/userinfo', async (route) => {
    await userHeld;
    await route.continue();
  });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    let releaseUser!: () => void;
    userHeld = new Promise<void>((resolve) => (releaseUser = resolve));
    await page.goto('/dashboard');
    await expect(logo).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
    const placeholderLogo = await logo.boundingBox();
    releaseUser();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await logo.boundingBox(), `at ${width} px`).toEqual(placeholderLogo);
  }
});

test('the colour mode follows the choice, sets the theme colour and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signUp(page);
  const html = page.locator('html');
  const themeColour = page.locator('meta[name="theme-color"]');
  await expect(html).not.toHaveClass(/dark/);
  await expect(themeColour).toHaveAttribute('content', '#ffffff');

  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/dark/);
  await expect(themeColour).toHaveAttribute('content', '#1b1718');
  await expectNoSeriousAccessibilityViolations(page);

  await page.reload();
  await expect(html).toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
});

test('a sign-in that cannot reach the identity provider says so in a toast at the bottom right; F8 reaches it', async ({
  page,
}) => {
  await page.goto('/');
  // The identity provider going down is a fault we provoke, not a stand-in for it.
  await page.route('**/idp/.well-known/openid-configuration', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const region = page.getByRole('region', { name: 'Messages (F8)' });
  const toast = region.getByRole('listitem').filter({ hasText: 'Sign-in is unavailable' });
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/\/(\?.*)?$/);

  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(24);
  expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(24);

  await expect(region.getByRole('list')).not.toBeFocused();
  await page.keyboard.press('F8');
  await expect(region.getByRole('list')).toBeFocused();
});

test('a flyout entry says who did what and when, opens its invite, and "Mark all read" empties the flyout', async ({
  page,
  browser,
}) => {
  const team = uniqueTeamName();
  const inviter = await signUp(page);
  await addTeamAs(page, team);
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  const invitee = await signUp(inviteePage);
  const { [invitee.email]: inviteId } = await inviteAs(page, team.slug, [invitee.email]);

  // The invitee's flyout: the sender's name, the time as people read it (exact time on focus), the action.
  await inviteePage.goto('/dashboard');
  await inviteePage.getByRole('button', { name: 'Notifications' }).click();
  const inviteeFlyout = inviteePage.getByRole('dialog', { name: 'Notifications' });
  const invite = inviteeFlyout.getByRole('listitem').filter({ hasText: team.name });
  await expect(invite.getByRole('img', { name: 'Invite' })).toBeVisible();
  await expect(
    invite.getByRole('link', {
      name: new RegExp(`^${inviter.firstName} ${inviter.lastName} invited you ?: .*\\(Open invite\\)$`),
    }),
  ).toBeVisible();
  const sentAt = invite.locator('time');
  await expect(sentAt).toHaveText(/just now|seconds? ago|minutes? ago/);
  await sentAt.focus();
  await expect(inviteePage.getByRole('tooltip')).toContainText(new Date().getFullYear().toString());
  await expectNoSeriousAccessibilityViolations(inviteePage);
  await inEveryLook(inviteePage, 'flyout-invite', { height: 800 });
  await invite.getByRole('link', { name: /Open invite/ }).click();
  await expect(inviteePage).toHaveURL(new RegExp(`/account/notifications\\?invite=${inviteId}$`));
  await inviteePage.getByRole('region', { name: 'Your invite' }).getByRole('button', { name: 'Decline' }).click();
  await expect(
    inviteePage.getByRole('region', { name: 'Your invite' }).getByRole('button', { name: 'Decline' }),
  ).toHaveCount(0);
  await inviteeContext.close();

  // The sender hears of the decline, and reads it with "Mark all read" without leaving the flyout.
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell.locator('[data-slot="unread-indicator"]')).toBeVisible();
  await bell.click();
  const flyout = page.getByRole('dialog', { name: 'Notifications' });
  const declined = flyout.getByRole('listitem').filter({ hasText: 'declined your invite' });
  await expect(declined.getByRole('img', { name: 'Invite declined' })).toBeVisible();
  await expect(declined.locator('time')).toBeVisible();
  await inEveryLook(page, 'flyout-declined', { height: 800 });
  await flyout.getByRole('button', { name: 'Mark all read' }).click();
  await expect(flyout.getByText('You have no unread notifications.')).toBeVisible();
  await expect(bell.locator('[data-slot="unread-indicator"]')).toHaveCount(0);

  // The notifications page shows the same entry, read, with its time.
  await flyout.getByRole('link', { name: 'View all' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'declined your invite' });
  await expect(row.locator('time')).toHaveText(/just now|ago$/);
  await expect(row.getByText(/Unread/)).toHaveCount(0);
  await inEveryLook(page, 'notifications-page', { height: 800 });
});
