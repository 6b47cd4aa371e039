import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';
import { acceptTerms, confirmEmailAndSignIn, newAccount, signUp } from './support/accounts.js';
import { graphqlAs } from './support/graphql.js';
import { addTeamAs, inviteAs, joinTeam, uniqueTeamName } from './support/teams.js';
import { toast } from './support/toasts.js';

// A 1×1 PNG, served for the logo address the journeys give a team.
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/kqWS0QAAAABJRU5ErkJggg==',
  'base64',
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a member leaves from the team home; the owner is told to hand the team over first', async ({ page, browser }) => {
  const team = uniqueTeamName();
  await signUp(page);
  await addTeamAs(page, team);
  await page.goto(`/teams/${team.slug}/home`);
  const ownerMembership = page.getByRole('region', { name: 'Your membership' });
  await expect(ownerMembership).toContainText('only member');
  await expect(ownerMembership.getByRole('link', { name: 'Team settings' })).toHaveAttribute(
    'href',
    `/teams/${team.slug}/settings`,
  );
  await expect(ownerMembership.getByRole('button', { name: 'Leave team' })).toHaveCount(0);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUp(memberPage);
  await joinTeam(page, team.slug, memberPage, member.email);

  await page.reload();
  await expect(ownerMembership).toContainText('make another member the owner first');
  await expect(ownerMembership.getByRole('button', { name: 'Leave team' })).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);
  await ownerMembership.getByRole('link', { name: 'Transfer ownership' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.slug}/members$`));
  await expect(
    page.getByRole('listitem').filter({ hasText: member.email }).getByRole('button', { name: 'Make owner' }),
  ).toBeVisible();

  await memberPage.goto('/dashboard');
  const myTeams = memberPage.getByRole('region', { name: 'My teams' });
  const teamTile = myTeams.getByRole('link', { name: new RegExp(team.name) });
  await expect(teamTile).toContainText('Member');
  await teamTile.click();
  await expect(memberPage).toHaveURL(new RegExp(`/teams/${team.slug}/home$`));
  await expect(memberPage.getByRole('navigation', { name: 'Team' })).toHaveCount(0);
  const membership = memberPage.getByRole('region', { name: 'Your membership' });
  await expect(membership).toContainText(`You are a member of ${team.name}`);
  await membership.getByRole('button', { name: 'Leave team' }).click();
  const confirmation = memberPage.getByRole('alertdialog', { name: `Leave ${team.name}?` });
  await expectNoSeriousAccessibilityViolations(memberPage);
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(memberPage).toHaveURL(new RegExp(`/teams/${team.slug}/home$`));

  await membership.getByRole('button', { name: 'Leave team' }).click();
  await confirmation.getByRole('button', { name: 'Leave team' }).click();
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  await expect(toast(memberPage, 'You left the team')).toContainText(team.name);
  await expect(memberPage.getByRole('link', { name: 'Create your first team' })).toBeVisible();
  await memberPage.goto(`/teams/${team.slug}/home`);
  await expect(memberPage.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await memberContext.close();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: member.email })).toHaveCount(0);
});

test('an invite email’s link survives sign-up and opens the invite, which is declined there', async ({
  page,
  browser,
}) => {
  const team = uniqueTeamName();
  await signUp(page);
  await addTeamAs(page, team);
  const invitee = newAccount();
  const { [invitee.email]: inviteId } = await inviteAs(page, team.slug, [invitee.email]);
  const inviteLink = `/account/notifications?invite=${inviteId}`;

  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(inviteLink);
  await expect(inviteePage).toHaveURL(new RegExp(`/\\?redirect=${escapeRegExp(encodeURIComponent(inviteLink))}$`));
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  await inviteePage.getByLabel('First name').fill(invitee.firstName);
  await inviteePage.getByLabel('Last name').fill(invitee.lastName);
  await inviteePage.getByLabel('Email').fill(invitee.email);
  await inviteePage.getByLabel('Password').fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  // An invite waits for a proven address: the link from the mail first, then sign-in.
  await confirmEmailAndSignIn(inviteePage, invitee);
  await acceptTerms(inviteePage);
  await expect(inviteePage).toHaveURL(new RegExp(`${escapeRegExp(inviteLink)}$`));

  const openedInvite = inviteePage.getByRole('region', { name: 'Your invite' });
  await expect(openedInvite).toContainText(team.name);
  await expectNoSeriousAccessibilityViolations(inviteePage);
  await openedInvite.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(inviteePage, 'Invite declined')).toBeVisible();
  await expect(openedInvite.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(openedInvite).toContainText(team.name);
  await expect(
    inviteePage.getByRole('button', { name: 'Notifications' }).locator('[data-slot="unread-indicator"]'),
  ).toHaveCount(0);

  await inviteePage.goto(`/account/notifications?invite=${randomUUID()}`);
  await expect(inviteePage.getByRole('region', { name: 'Your invite' })).toContainText('This invite is not here');
  await expectNoSeriousAccessibilityViolations(inviteePage);
  await inviteeContext.close();

  await page.goto(`/teams/${team.slug}/invite`);
  await expect(page.getByRole('heading', { name: 'No pending invites' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'My teams' }).getByRole('link', { name: new RegExp(team.name) }),
  ).toContainText('Owner');
});

test('an owner runs the team: bad input refused, invites resent and deleted, a member found and removed, settings saved, a bookmark and the team deleted', async ({
  page,
  browser,
  context,
}) => {
  const team = uniqueTeamName();
  const owner = await signUp(page);

  await page.goto('/teams/add');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText('Enter a team name.')).toBeVisible();
  await expect(page.getByLabel('Team name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Team name').fill('n'.repeat(200));
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText('Use at most 100 characters.')).toBeVisible();
  await expect(page.getByLabel('Team name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAccessibilityViolations(page);
  await expect(page).toHaveURL(/\/teams\/add$/);

  await addTeamAs(page, team);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUp(memberPage);
  await joinTeam(page, team.slug, memberPage, member.email);

  // Invites: a bad address is explained on its own line; one invite is resent, another deleted.
  const toResend = newAccount().email;
  const toDelete = newAccount().email;
  await page.goto(`/teams/${team.slug}/invite`);
  await page.getByLabel('Email addresses').fill(`${toResend}, ${toDelete}\nnobody@@example`);
  await page.getByRole('button', { name: 'Send invites' }).click();
  await expect(toast(page, '2 invites sent')).toContainText('1 could not be invited.');
  const results = page.getByRole('list', { name: 'Invite results' });
  await expect(results.getByRole('listitem').filter({ hasText: 'nobody@@example' })).toContainText(
    'Not a valid email address.',
  );
  await expect(results.getByRole('listitem').filter({ hasText: toResend })).toContainText('Invited');
  const pending = page.getByRole('region', { name: 'Pending invites' });
  await pending.getByRole('button', { name: `Resend the invite to ${toResend}` }).click();
  await expect(toast(page, 'Invite sent again')).toContainText(toResend);
  await pending.getByRole('button', { name: `Delete the invite to ${toDelete}` }).click();
  const deleteInvite = page.getByRole('alertdialog', { name: 'Delete this invite?' });
  await expect(deleteInvite).toContainText(toDelete);
  await deleteInvite.getByRole('button', { name: 'Delete invite' }).click();
  await expect(toast(page, 'Invite deleted')).toContainText(toDelete);
  await expect(pending.getByText(toDelete)).toHaveCount(0);
  await expect(pending.getByText(toResend)).toBeVisible();

  // Members: search by email, then remove the member, who is told.
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  const search = page.getByLabel('Search members by email');
  const members = page.getByRole('region', { name: /^Members/ }).getByRole('listitem');
  await expect(members).toHaveCount(2);
  await search.fill(member.email.split('@')[0]!.toUpperCase());
  await expect(members).toHaveCount(1);
  await expect(members).toContainText(member.email);
  await search.fill('no-such-person');
  await expect(page.getByRole('heading', { name: 'No members match' })).toBeVisible();
  await search.fill('');
  await expect(members).toHaveCount(2);
  await page.getByRole('button', { name: `Remove ${member.email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(toast(page, 'Member removed')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: member.email })).toHaveCount(0);
  await expect(members).toHaveCount(1);

  // The removed member, invited back, marks everything read: the news is read, the open invite stays
  // unread (the bell too) and can still be accepted; then nothing is unread.
  await inviteAs(page, team.slug, [member.email]);
  await memberPage.goto('/account/notifications?show=unread');
  const unread = memberPage.getByRole('listitem').filter({ hasText: team.name });
  await expect(unread).toHaveCount(2);
  // Each says who did it (docs/decisions/0135-notifications-say-who-did-what.md).
  await expect(unread.filter({ hasText: 'You were removed from the team' })).toContainText(
    `${owner.firstName} ${owner.lastName} removed you from a team`,
  );
  const unreadDot = memberPage.getByRole('button', { name: 'Notifications' }).locator('[data-slot="unread-indicator"]');
  await expect(unreadDot).toBeVisible();
  await memberPage.getByRole('button', { name: 'Mark all read' }).click();
  await expect(toast(memberPage, '1 notification marked read')).toContainText(
    'An invite stays unread until you accept or decline it.',
  );
  await expect(unread).toHaveCount(1);
  await expect(unread).toContainText(`invited you to join the team ${team.name} (${team.slug}) as a member.`);
  await expect(unreadDot).toBeVisible();
  await unread.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(memberPage, 'Welcome to the team')).toBeVisible();
  await expect(memberPage).toHaveURL(new RegExp(`/teams/${team.slug}/home$`));
  await expect(unreadDot).toHaveCount(0);
  await memberPage.goto('/account/notifications?show=unread');
  await expect(memberPage.getByRole('heading', { name: 'You are all caught up' })).toBeVisible();
  await memberContext.close();

  // A team bookmark is deleted from the team's bookmarks.
  await graphqlAs(
    page,
    `mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }`,
    {
      input: { url: 'https://runbook.example.com/', name: 'Runbook', teamFriendlyId: team.slug },
    },
  );
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Bookmarks' }).click();
  await page.getByRole('button', { name: 'Delete Runbook' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete bookmark' }).click();
  await expect(toast(page, 'Bookmark deleted')).toContainText('Runbook');
  await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible();

  // Settings: an empty name is refused; then name, address and logo are saved together.
  const renamed = uniqueTeamName();
  const logoUrl = `https://logos.example.com/${renamed.slug}.png`;
  await context.route('https://logos.example.com/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: logoPng }),
  );
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Team name').fill('');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Enter a team name.')).toBeVisible();
  await page.getByLabel('Team name').fill(renamed.name);
  await page.getByLabel('Team address').fill(renamed.slug);
  await page.getByLabel('Logo URL').fill(logoUrl);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(toast(page, 'Team saved')).toContainText(renamed.name);
  await expect(page).toHaveURL(new RegExp(`/teams/${renamed.slug}/settings$`));
  await expect(page.getByRole('heading', { level: 1, name: renamed.name })).toBeVisible();
  await expect(page.getByRole('img', { name: renamed.name }).first()).toHaveAttribute('src', logoUrl);

  await page.goto('/dashboard');
  const tile = page.getByRole('region', { name: 'My teams' }).getByRole('link', { name: new RegExp(renamed.name) });
  await expect(tile).toContainText('Owner');
  await expect(tile.getByRole('img', { name: renamed.name })).toHaveAttribute('src', logoUrl);
  await expectNoSeriousAccessibilityViolations(page);

  // The owner deletes the team after typing its address.
  await page.goto(`/teams/${renamed.slug}/settings`);
  await page.getByRole('button', { name: 'Delete team' }).click();
  const deleteTeam = page.getByRole('alertdialog', { name: `Delete ${renamed.name}?` });
  await expect(deleteTeam.getByRole('button', { name: 'Delete team' })).toBeDisabled();
  await deleteTeam.getByLabel(/Type .* to confirm/).fill(team.slug);
  await expect(deleteTeam.getByRole('button', { name: 'Delete team' })).toBeDisabled();
  await deleteTeam.getByLabel(/Type .* to confirm/).fill(renamed.slug);
  await expectNoSeriousAccessibilityViolations(page);
  await deleteTeam.getByRole('button', { name: 'Delete team' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Team deleted')).toContainText(renamed.name);
  await expect(page.getByRole('link', { name: 'Create your first team' })).toBeVisible();
  await page.goto(`/teams/${renamed.slug}/home`);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
