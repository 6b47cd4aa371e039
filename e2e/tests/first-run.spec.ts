import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signInAsSystemAdmin } from './support/accounts.js';
import { createApplication, graphqlAs } from './support/graphql.js';
import { addTeamAs, inviteAs, uniqueTeamName } from './support/teams.js';
import { inEveryLook } from './support/screens.js';

/** A step of the setup checklist as it reads: "Add an application (done)" or "… (to do)". */
const step = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Set up your portal' }).getByRole('listitem').filter({ hasText: title });

/** The number on the overview's "Pending requests" tile. */
async function pendingCount(page: Page): Promise<number> {
  const tile = page.getByRole('link', { name: /Pending requests/ });
  return Number((await tile.innerText()).match(/\d+/)![0]);
}

/** The reader's day `daysFromToday` away, as a date field takes it (`YYYY-MM-DD`). */
function localDay(daysFromToday: number): string {
  const day = new Date();
  day.setDate(day.getDate() + daysFromToday);
  return day.toLocaleDateString('en-CA');
}

/** Checks the page with axe in light and dark, at a phone's and a desktop's width, and keeps screenshots. */
async function checkEverywhere(page: Page, name: string) {
  await inEveryLook(page, name, {
    height: 900,
    fullPage: true,
    check: () => expectNoSeriousAccessibilityViolations(page),
  });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the setup checklist ticks itself off as the administrator adds an application and invites a person; the overview counts pending requests', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsSystemAdmin(page, 'admin-first-run@e2e.test');

  // The administrator's dashboard leads with the checklist.
  await expect(page.getByRole('heading', { name: 'Set up your portal' })).toBeVisible();
  await checkEverywhere(page, 'dashboard-checklist');

  // /system is an overview now, not a blank page.
  await page.goto('/system');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /People/ })).toBeVisible();
  await expect(step(page, 'Configure mail')).toContainText('(to do)');

  // Adding an application through the checklist's own link ticks that step off.
  const suffix = randomBytes(3).toString('hex');
  const applicationName = `Atlas ${suffix}`;
  if (await step(page, 'Add an application').getByText('(to do)').isVisible()) {
    await step(page, 'Add an application').getByRole('link', { name: 'Add an application' }).click();
    await expect(page.getByRole('heading', { name: 'Add application', level: 1 })).toBeVisible();
    await page.getByLabel('Name').fill(applicationName);
    await page.getByLabel('Address').fill(`https://atlas-${suffix}.example.com/`);
    await page.getByRole('button', { name: 'Create application' }).click();
    await expect(page).toHaveURL(/\/system\/apps\/[0-9a-f-]{36}$/);
  } else {
    await createApplication(page, { name: applicationName, url: `https://atlas-${suffix}.example.com/` });
  }
  await page.goto('/system');
  await expect(step(page, 'Add an application')).toContainText('(done)');

  // So does inviting someone to a team.
  const team = uniqueTeamName();
  await addTeamAs(page, team);
  await inviteAs(page, team.slug, [`colleague-${suffix}@e2e.test`]);
  await page.goto('/system');
  await expect(step(page, 'Invite people')).toContainText('(done)');
  await checkEverywhere(page, 'system-overview');

  // A request from a team shows in the overview's count and on the App requests tab. Other journeys make and
  // close requests on this portal at the same time, so the count shown is compared with the server's at that moment.
  const application = await createApplication(page, {
    name: `Beacon ${suffix}`,
    url: `https://beacon-${suffix}.example.com/`,
  });
  await page.goto(`/apps/${application.id}`);
  await page.getByRole('link', { name: `Request access for ${team.name}` }).click();
  await page.getByLabel('Message').fill('For the first-run journey.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/apps\/requests\/[0-9a-f-]{36}$/);
  await page.goto('/system');
  await expect(async () => {
    await page.reload();
    const shown = await pendingCount(page);
    const { systemOverview } = await graphqlAs<{ systemOverview: { pendingRequestCount: number } }>(
      page,
      'query PendingRequestCount { systemOverview { pendingRequestCount } }',
    );
    expect(shown).toBeGreaterThanOrEqual(1);
    expect(shown).toBe(systemOverview.pendingRequestCount);
    await expect(
      page.getByRole('navigation', { name: 'System administration' }).getByRole('link', { name: /App requests/ }),
    ).toContainText(`${shown}`, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // Hidden, the checklist stays hidden on the overview and the dashboard.
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your portal' })).toBeHidden();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set up your portal' })).toBeHidden();
});

test('the audit log reads as words, names what each event was about, and finds every event of a kind by its start', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsSystemAdmin(page, 'admin-audit@e2e.test');
  const team = uniqueTeamName();
  await addTeamAs(page, team);
  await inviteAs(page, team.slug, [`reader-${randomBytes(3).toString('hex')}@e2e.test`]);

  await page.goto('/system/event-logs');
  await expect(page.getByRole('heading', { name: 'Event logs', level: 1 })).toBeVisible();

  // "invite" finds every invite event, applied as typing pauses: no Apply needed.
  await page.getByRole('combobox', { name: 'Event type' }).fill('invite');
  await expect(page).toHaveURL(/eventType=invite(&|$)/);
  const rows = page.getByRole('table', { name: 'Event logs' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Invite sent' }).first()).toBeVisible();
  // Polled: the address changes before the filtered page replaces the unfiltered one's rows.
  const types = rows.locator('td:first-child .font-mono');
  await expect(async () => {
    const shown = await types.allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const type of shown) expect(type).toMatch(/^invite\./);
  }).toPass();

  // The team's creation reads as words, with the team as its target, linked.
  await page.getByRole('combobox', { name: 'Event type' }).fill('team.');
  await expect(page).toHaveURL(/eventType=team\./);
  const created = rows.filter({ hasText: 'Team created' }).filter({ hasText: team.name });
  await expect(created).toHaveCount(1);
  await expect(created.getByRole('link', { name: `Team: ${team.name}` })).toHaveAttribute(
    'href',
    `/system/teams/${team.slug}`,
  );

  // A first day after the last matches nothing: it is not asked for, and the To field says why.
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await from.fill(localDay(1));
  await expect(page).toHaveURL(new RegExp(`from=${localDay(1)}`));
  await to.fill(localDay(0));
  await expect(to).toHaveAccessibleDescription('The end date is before the start date.');
  await expect(page).not.toHaveURL(/to=/);
  await from.fill(localDay(-1));
  await expect(page).toHaveURL(new RegExp(`from=${localDay(-1)}&to=${localDay(0)}`));
  await expect(to).not.toHaveAccessibleDescription(/end date/);
  await expect(created).toHaveCount(1);
  await checkEverywhere(page, 'event-logs');

  // The whole row opens the event.
  await created.getByRole('cell').nth(2).click();
  await expect(page.getByRole('heading', { name: 'Team created', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `Team: ${team.name}` })).toBeVisible();
});
