import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './accessibility.js';
import { graphqlAs } from './graphql.js';

export interface TeamName {
  name: string;
  slug: string;
}

export function uniqueTeamName(): TeamName {
  const suffix = randomBytes(3).toString('hex');
  return { name: `Ops Crew ${suffix}`, slug: `ops-crew-${suffix}` };
}

/** From an empty dashboard, through "Create your first team"; ends on the new team's home. */
export async function createFirstTeam(page: Page, team: TeamName): Promise<void> {
  await page.getByRole('link', { name: 'Create your first team' }).click();
  await expect(page).toHaveURL(/\/teams\/add$/);
  await page.getByLabel('Team name').fill(team.name);
  await expect(page.getByLabel('Team address')).toHaveValue(team.slug);
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.slug}/home$`));
  await expect(page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
}

/** Creates a team owned by the user signed in on `owner`, through the API. */
export async function addTeamAs(owner: Page, team: TeamName): Promise<void> {
  await graphqlAs(owner, `mutation AddTeam($input: AddTeamInput!) { addTeam(input: $input) { id } }`, {
    input: { name: team.name, friendlyId: team.slug },
  });
}

/** Invites `emails` to the team as the admin or owner signed in on `manager`; returns the invite ids by email. */
export async function inviteAs(manager: Page, teamSlug: string, emails: string[]): Promise<Record<string, string>> {
  const { createInvite } = await graphqlAs<{
    createInvite: { results: { email: string; invite: { id: string } | null }[] };
  }>(
    manager,
    `mutation CreateInvite($input: CreateInviteInput!) { createInvite(input: $input) { results { email invite { id } } } }`,
    { input: { teamFriendlyId: teamSlug, emails, teamRole: 'TeamMember' } },
  );
  return Object.fromEntries(createInvite.results.map((result) => [result.email, result.invite!.id]));
}

/** Makes the user signed in on `joiner` a TeamMember: `manager` invites their email, they accept, both through the API. */
export async function joinTeam(manager: Page, teamSlug: string, joiner: Page, joinerEmail: string): Promise<void> {
  const { [joinerEmail]: inviteId } = await inviteAs(manager, teamSlug, [joinerEmail]);
  await graphqlAs(joiner, `mutation AcceptInvite($inviteId: ID!) { acceptInvite(inviteId: $inviteId) }`, { inviteId });
}
