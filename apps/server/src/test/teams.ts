import { randomBytes } from 'node:crypto';
import type { DatabaseExecutor } from '../db/client.js';
import { type TeamRow, teamMembers, teams } from '../db/schema/teams.js';
import type { TestApp } from './app.js';
import { type SignedInUser, signInTestUser } from './graphql.js';

/** A real team for tests, with its memberships written directly (the owner, then admins and members). */
export async function insertTestTeam(
  db: DatabaseExecutor,
  options: { ownerId: string; adminIds?: string[]; memberIds?: string[]; enabled?: boolean; name?: string },
): Promise<TeamRow> {
  const friendlyId = `team-${randomBytes(5).toString('hex')}`;
  const [team] = await db
    .insert(teams)
    .values({ name: options.name ?? `Team ${friendlyId}`, friendlyId, enabled: options.enabled ?? true })
    .returning();
  await db
    .insert(teamMembers)
    .values([
      { teamId: team!.id, userId: options.ownerId, role: 'TeamOwner' as const },
      ...(options.adminIds ?? []).map((userId) => ({ teamId: team!.id, userId, role: 'TeamAdmin' as const })),
      ...(options.memberIds ?? []).map((userId) => ({ teamId: team!.id, userId, role: 'TeamMember' as const })),
    ]);
  return team!;
}

/** One signed-in user per role a team test needs; `outsider` belongs to no team, `systemAdmin` is a system admin. */
export interface TeamPersonas {
  owner: SignedInUser;
  admin: SignedInUser;
  member: SignedInUser;
  outsider: SignedInUser;
  systemAdmin: SignedInUser;
}

export async function signInTeamPersonas(testApp: TestApp): Promise<TeamPersonas> {
  return {
    owner: await signInTestUser(testApp),
    admin: await signInTestUser(testApp),
    member: await signInTestUser(testApp),
    outsider: await signInTestUser(testApp),
    systemAdmin: await signInTestUser(testApp, { isSystemAdmin: true }),
  };
}

/** A fresh team in which the personas hold their roles: `owner` owns it, `admin` administers it, `member` is a member. */
export function insertTeamWithPersonas(db: DatabaseExecutor, personas: TeamPersonas): Promise<TeamRow> {
  return insertTestTeam(db, {
    ownerId: personas.owner.user.id,
    adminIds: [personas.admin.user.id],
    memberIds: [personas.member.user.id],
  });
}
