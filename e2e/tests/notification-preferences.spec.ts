import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { signUp } from './support/accounts.js';
import { inEveryLook } from './support/screens.js';

test('a person chooses, type by type, whether notifications reach them in the portal, by email or both', async ({
  page,
}) => {
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

  // Tall enough for the whole card below the sticky header.
  await inEveryLook(page, 'notifications-card', { height: 1600, part: card });

  await emailForInvites.press('Space');
  await expect(page.getByText('Team invites: saved', { exact: true })).toBeVisible();
  await expect(page.getByText('In the portal only.', { exact: true })).toBeVisible();
  await expect(emailForInvites).not.toBeChecked();
  // The only channel left on cannot be switched off.
  await expect(card.getByRole('switch', { name: 'Team invites in the portal' })).toBeDisabled();
  await page.reload();
  await expect(card.getByRole('switch', { name: 'Team invites by email' })).not.toBeChecked();
});
