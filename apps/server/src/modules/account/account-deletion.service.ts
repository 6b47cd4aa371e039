import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import { recordDeletedIdentity } from '../../auth/sessions.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { eventLogs } from '../../db/schema/events.js';
import { teamMembers, teams } from '../../db/schema/teams.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { deleteIdentityAccount } from '../../idp/identity-accounts.js';
import { recordEvent } from '../event-logs/event-logs.service.js';

/** A reason the account cannot be deleted yet; the team fields name the team to hand over, when there is one. */
export interface DeleteAccountProblem {
  code: 'TEAM_MUST_HAVE_OWNER' | 'INVALID_CONTENT';
  message: string;
  teamFriendlyId: string | null;
  teamName: string | null;
}

export interface DeleteAccountCheck {
  success: boolean;
  errors: DeleteAccountProblem[];
}

/**
 * `CheckDeleteAccount`: one error per team the user owns together with other members, and one when they are
 * the last system administrator (nobody could administer the portal after them).
 */
export async function checkDeleteAccount(
  db: DatabaseExecutor,
  { actor }: { actor: Actor },
): Promise<DeleteAccountCheck> {
  const errors = await findDeletionProblems(db, actor.user);
  return { success: errors.length === 0, errors };
}

async function findDeletionProblems(db: DatabaseExecutor, user: UserRow): Promise<DeleteAccountProblem[]> {
  const problems = await findBlockingTeams(db, user.id);
  if (user.isSystemAdmin) {
    const [admins] = await db.select({ total: count() }).from(users).where(eq(users.isSystemAdmin, true));
    if ((admins?.total ?? 0) <= 1) {
      problems.unshift({
        code: 'INVALID_CONTENT',
        message: 'You are the last system administrator: make someone else an administrator first.',
        teamFriendlyId: null,
        teamName: null,
      });
    }
  }
  return problems;
}

async function findBlockingTeams(db: DatabaseExecutor, userId: string): Promise<DeleteAccountProblem[]> {
  const otherMembers = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teams.id), ne(teamMembers.userId, userId)));
  const blocking = await db
    .select({ friendlyId: teams.friendlyId, name: teams.name })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, 'TeamOwner'), sql`exists (${otherMembers})`))
    .orderBy(teams.name, teams.id);
  return blocking.map((team) => ({
    code: 'TEAM_MUST_HAVE_OWNER' as const,
    message: `Transfer the ownership of ${team.name} to another member first.`,
    teamFriendlyId: team.friendlyId,
    teamName: team.name,
  }));
}

/** What the event log keeps instead of a deleted user's email: stable per user, so their events still group. */
export function pseudonymOf(userId: string): string {
  return `deleted-user-${userId}`;
}

/**
 * Deletes the caller's account in one transaction (docs/design.md §6): teams where they are the only member,
 * then the user, whose memberships, personal bookmarks, service keys and notifications go with it
 * (foreign keys cascade); their email in the event log becomes a pseudonym; and, for an account of the
 * built-in identity provider, the sign-in account and its sessions, so the person is signed out and cannot
 * sign in as before. The portal's sessions go with the user, and the identity is remembered (as a hash) so no ID
 * token of it creates the account again. Refused with the first problem's code (and all problems in `errors`) while
 * `checkDeleteAccount` fails.
 */
export async function deleteAccount(
  db: DatabaseExecutor,
  options: { actor: Actor; builtInIdentityIssuer: string | undefined },
): Promise<void> {
  const { actor, builtInIdentityIssuer } = options;
  const { user } = actor;
  await db.transaction(async (transaction) => {
    // Locking the user's teams makes anyone joining one of them wait (their insert needs a share lock on the
    // team row), so the check below sees every member the deletion will.
    const memberships = transaction
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, user.id));
    const lockedTeams = await transaction
      .select({ id: teams.id })
      .from(teams)
      .where(inArray(teams.id, memberships))
      .for('update');

    // Two last administrators deleting themselves at once take turns here, and the second sees it is the last.
    if (user.isSystemAdmin) {
      await transaction.select({ id: users.id }).from(users).where(eq(users.isSystemAdmin, true)).for('update');
    }
    const problems = await findDeletionProblems(transaction, user);
    if (problems.length > 0) {
      throw new AppError(problems[0]!.code, problems.map((problem) => problem.message).join(' '), { errors: problems });
    }

    const otherMembers = transaction
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teams.id), ne(teamMembers.userId, user.id)));
    const deletedTeams = lockedTeams.length
      ? await transaction
          .delete(teams)
          .where(
            and(
              inArray(
                teams.id,
                lockedTeams.map((team) => team.id),
              ),
              sql`not exists (${otherMembers})`,
            ),
          )
          .returning({ id: teams.id, friendlyId: teams.friendlyId })
      : [];

    const pseudonym = pseudonymOf(user.id);
    await pseudonymiseEventLogs(transaction, { userId: user.id, email: user.email, pseudonym });
    // The event names the user by pseudonym only; its user id is cleared with the user below.
    await recordEvent(transaction, {
      eventType: 'account.deleted',
      actor: { ...actor, user: { ...user, email: pseudonym } },
      payload: { deletedTeamFriendlyIds: deletedTeams.map((team) => team.friendlyId) },
    });

    if (builtInIdentityIssuer && user.identityIssuer === builtInIdentityIssuer) {
      await deleteIdentityAccount(transaction, user.identitySubject);
    }
    await recordDeletedIdentity(transaction, { issuer: user.identityIssuer, subject: user.identitySubject });
    await transaction.delete(users).where(eq(users.id, user.id));
  });
}

/** Replaces the email in the rows' `userEmail` and anywhere in their payloads (as a JSON string, any case). */
async function pseudonymiseEventLogs(
  db: DatabaseExecutor,
  { userId, email, pseudonym }: { userId: string; email: string; pseudonym: string },
): Promise<void> {
  const emailInJson = JSON.stringify(email).slice(1, -1);
  const pattern = emailInJson.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await db
    .update(eventLogs)
    .set({ userEmail: pseudonym })
    .where(or(eq(eventLogs.userId, userId), sql`lower(${eventLogs.userEmail}) = ${email.toLowerCase()}`));
  await db
    .update(eventLogs)
    .set({ payload: sql`regexp_replace(${eventLogs.payload}::text, ${pattern}, ${pseudonym}, 'gi')::jsonb` })
    .where(sql`strpos(lower(${eventLogs.payload}::text), ${emailInJson.toLowerCase()}) > 0`);
}
