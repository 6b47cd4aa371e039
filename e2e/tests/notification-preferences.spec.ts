import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signUp } from './support/accounts.js';

test('a person chooses, type by type, whether notifications reach them in the portal, by email or both', async ({
  page,
}, testInfo) => {
  await signUp(page);
  await page.goto('/account/profile');
  const card = page.locator('[data-slot="card"]', {
    has: page.getByRole('heading', { name: 'Notifications', exact: true }),
  });
  const emailForInvites = card.getByRole('switch', { name: 'Team invites by email' });
  // Invites matter outside the portal: both by default (the journeys' server keeps mail at /dev/mailbox).
  await expect(emailForInvites).toBeChecked();
  await expect(card.getByRole('switch', { name: 'Team invites in the portal' })).toBeChecked();
  await expect(card.getByRole('switch', { name: 'Team role changes by email' })).not.toBeChecked();
  await expectNoSeriousAccessibilityViolations(page);

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      await page.emulateMedia({ colorScheme });
      // Tall enough for the whole card below the sticky header.
      await page.setViewportSize({ width, height: 1600 });
      await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await card.screenshot({ path: testInfo.outputPath(`notifications-card-${colorScheme}-${width}.png`) });
    }
  }

  await emailForInvites.press('Space');
  await expect(page.getByText('Team invites: saved', { exact: true })).toBeVisible();
  await expect(page.getByText('In the portal only.', { exact: true })).toBeVisible();
  await expect(emailForInvites).not.toBeChecked();
  // The only channel left on cannot be switched off.
  await expect(card.getByRole('switch', { name: 'Team invites in the portal' })).toBeDisabled();
  await page.reload();
  await expect(card.getByRole('switch', { name: 'Team invites by email' })).not.toBeChecked();
});
