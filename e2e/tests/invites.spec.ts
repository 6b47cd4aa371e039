import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { newAccount, signUp } from './support/accounts.js';
import { graphqlAs } from './support/graphql.js';
import { addTeamAs, uniqueTeamName } from './support/teams.js';
import { toast } from './support/toasts.js';
import { inEveryLook } from './support/screens.js';

// A 1×1 PNG, served for the logo address the journey gives the team.
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/kqWS0QAAAABJRU5ErkJggg==',
  'base64',
);

async function openInviteIdOf(owner: Page, teamSlug: string, email: string): Promise<string> {
  const { teamInvites } = await graphqlAs<{ teamInvites: { nodes: { id: string; email: string }[] } }>(
    owner,
    'query GetTeamInvites($teamFriendlyId: String!) { teamInvites(teamFriendlyId: $teamFriendlyId) { nodes { id email } } }',
    { teamFriendlyId: teamSlug },
  );
  return teamInvites.nodes.find((invite) => invite.email === email)!.id;
}

test('an invite says who sent it, to which of two same-named teams, as what and until when; the typed list survives a reload; declining tells the sender', async ({
  page,
  browser,
  context,
}) => {
  const owner = await signUp(
    page,
    newAccount({ firstName: 'Grace', lastName: `Hopper ${randomBytes(3).toString('hex')}` }),
  );
  const ownerName = `${owner.firstName} ${owner.lastName}`;
  // Two teams of one name: only the address tells them apart.
  const team = uniqueTeamName();
  const twin = { name: team.name, slug: `${team.slug}-2` };
  await addTeamAs(page, team);
  await addTeamAs(page, twin);
  const logoUrl = `https://logos.example.com/${team.slug}.png`;
  await graphqlAs(page, 'mutation UpdateTeam($input: UpdateTeamInput!) { updateTeam(input: $input) { id } }', {
    input: { teamFriendlyId: team.slug, logoUrl },
  });

  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteeContext.route('https://logos.example.com/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: logoPng }),
  );
  await context.route('https://logos.example.com/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: logoPng }),
  );
  const invitee = await signUp(inviteePage);

  // The owner types the list and the role; a reload keeps both until they are sent.
  await page.goto(`/teams/${team.slug}/invite`);
  const addresses = `${invitee.email}\nnot-yet@example.com`;
  await page.getByLabel('Email addresses').fill(addresses);
  await page.getByLabel('Role', { exact: true }).selectOption('TeamAdmin');
  await page.reload();
  await expect(page.getByLabel('Email addresses')).toHaveValue(addresses);
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('TeamAdmin');
  // The same-named team has its own, empty, list.
  await page.goto(`/teams/${twin.slug}/invite`);
  await expect(page.getByLabel('Email addresses')).toHaveValue('');
  await page.goto(`/teams/${team.slug}/invite`);
  await page.getByLabel('Email addresses').fill(invitee.email);
  await page.getByRole('button', { name: 'Send invites' }).click();
  await expect(toast(page, '1 invite sent')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Email addresses')).toHaveValue('');
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('TeamMember');

  // The invite page names the sender, the team with its address and logo, the role and the expiry.
  const inviteId = await openInviteIdOf(page, team.slug, invitee.email);
  await inviteePage.goto(`/account/notifications?invite=${inviteId}`);
  const opened = inviteePage.getByRole('region', { name: 'Your invite' });
  await expect(opened.getByText(team.name, { exact: true })).toBeVisible();
  await expect(opened.getByText(team.slug, { exact: true })).toBeVisible();
  await expect(opened.getByRole('img', { name: team.name }).first()).toHaveAttribute('src', logoUrl);
  const facts = (term: string) => opened.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(facts('Invited by')).toContainText(ownerName);
  await expect(facts('Invited by')).toContainText(owner.email);
  await expect(facts('Role')).toHaveText('Admin');
  const expiry = facts('Expiry').locator('time');
  await expect(expiry).toHaveText('Expires in 14 days');
  await expiry.hover();
  await expect(inviteePage.getByRole('tooltip')).toContainText(/\d{4}/);
  await expect(opened.getByRole('listitem')).toContainText(
    `${ownerName} (${owner.email}) invited you to join the team ${team.name} (${team.slug}) as an admin.`,
  );
  await inviteePage.keyboard.press('Escape');
  await inviteePage.mouse.move(0, 0);
  await expect(inviteePage.getByRole('tooltip')).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(inviteePage);
  await inEveryLook(inviteePage, 'invite-page', { height: 900, fullPage: true });

  // Declining tells the sender who declined which team, and as what.
  await opened.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(inviteePage, 'Invite declined')).toBeVisible();
  await expect(facts('Answer')).toHaveText('Declined');
  await inviteeContext.close();

  await page.goto('/account/notifications?show=unread');
  await expect(page.getByRole('listitem').filter({ hasText: 'declined your invite' })).toContainText(
    `${invitee.firstName} ${invitee.lastName} (${invitee.email}) declined your invite to join the team ${team.name} (${team.slug}) as an admin.`,
  );
});
