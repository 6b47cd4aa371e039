import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { findPage, mapPageNodes, type Page, type PageRequest, resolveSortTerms } from '../../db/keyset-pagination.js';
import { type TeamInviteRow, type TeamRow, teamInvites, teamMembers, teamRoles, teams } from '../../db/schema/teams.js';
import type { UserRow } from '../../db/schema/users.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { normaliseEmail } from '@dxp/contracts/email-address';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { createNotification, markNotificationsReadAbout } from '../notifications/notifications.service.js';
import { findTeamForActor, lockTeamForActor, teamManagers } from './team-access.js';

export const INVITE_LIFETIME_DAYS = 14;
const MAX_EMAILS_PER_BATCH = 50;

export const createInviteInputSchema = z.object({
  teamFriendlyId: z.string(),
  emails: z
    .array(z.string())
    .min(1, 'Enter at least one email address.')
    .max(MAX_EMAILS_PER_BATCH, `Invite at most ${MAX_EMAILS_PER_BATCH} addresses at once.`),
  teamRole: z
    .enum(teamRoles)
    .pipe(z.enum(['TeamAdmin', 'TeamMember'], 'Invite as TeamAdmin or TeamMember; ownership is only transferred.')),
});
export type CreateInviteInput = z.input<typeof createInviteInputSchema>;

/** Who sent an invite, as the invitee and the team see it; `null` once that account is deleted. */
export interface InviteSender {
  name: string;
  email: string;
}

/** An invite with its team and sender, as lists, the invite page and the invite mail show it. */
export type TeamInviteNode = TeamInviteRow & { team: TeamRow; inviter: InviteSender | null };

export interface InviteResult {
  email: string;
  success: boolean;
  error: string | null;
  invite: TeamInviteNode | null;
}

const inviteNotFound = () => new AppError('NOT_FOUND', 'Invite not found.');
const emailSchema = z.email();

function inviteExpiry(from: Date): Date {
  return new Date(from.getTime() + INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
}

/** "Ada Lovelace", or the email when the profile has no name. */
function personName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

function senderOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): InviteSender {
  return { name: personName(user), email: user.email };
}

/** "a member" or "an admin": how a sentence names an invited role. */
function roleWords(teamRole: TeamInviteRow['teamRole']): string {
  return teamRole === 'TeamAdmin' ? 'an admin' : 'a member';
}

/** "Platform (platform-2)": two teams may share a name, never an address. */
export function teamWords(team: Pick<TeamRow, 'name' | 'friendlyId'>): string {
  return `${team.name} (${team.friendlyId})`;
}

/** Says who invited, to which team (name and address) and as what; the invite page adds when it expires. */
function inviteMessage(invite: Pick<TeamInviteNode, 'team' | 'inviter' | 'teamRole'>): string {
  const who = invite.inviter ? `${invite.inviter.name} (${invite.inviter.email}) invited you` : 'You are invited';
  return `${who} to join the team ${teamWords(invite.team)} as ${roleWords(invite.teamRole)}.`;
}

/** The senders of invites, by user id, in one statement. */
async function invitersById(
  db: DatabaseExecutor,
  invites: readonly Pick<TeamInviteRow, 'invitedBy'>[],
): Promise<Map<string, InviteSender>> {
  const ids = [...new Set(invites.flatMap((invite) => (invite.invitedBy ? [invite.invitedBy] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, senderOf(row)]));
}

const openInvite = and(isNull(teamInvites.acceptedAt), isNull(teamInvites.declinedAt));

/**
 * For lowered addresses: those of the team's members, its open invites to them, and the accounts that proved them.
 * One query after another, as a transaction is one connection (node-postgres 9 refuses a query sent while one runs).
 */
async function membersInvitesAndAccountsFor(transaction: DatabaseExecutor, teamId: string, keys: string[]) {
  const memberEmails = await transaction
    .select({ email: sql<string>`lower(${users.email})` })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), inArray(sql`lower(${users.email})`, keys)));
  const openInvites = await transaction
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.teamId, teamId), openInvite, inArray(sql`lower(${teamInvites.email})`, keys)));
  // Only a proven address is told: anyone could have signed up with an unproven one.
  const accounts = await transaction
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, keys), eq(users.isEmailVerified, true)));
  return [memberEmails, openInvites, accounts] as const;
}

/**
 * Invites many addresses at once. Each address succeeds or fails on its own (invalid, listed twice,
 * already a member, already invited); the successful ones are written in one transaction. An expired
 * open invite to the same address is replaced.
 */
export async function createInvites(
  db: DatabaseExecutor,
  options: { actor: Actor; input: CreateInviteInput },
): Promise<{ successCount: number; results: InviteResult[] }> {
  const { actor } = options;
  const { teamFriendlyId, emails, teamRole } = createInviteInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    const { team } = await lockTeamForActor(transaction, {
      actor,
      where: { friendlyId: teamFriendlyId },
      roles: teamManagers,
    });
    const candidates = emails.map((email) => email.trim()).filter((email) => emailSchema.safeParse(email).success);
    const keys = [...new Set(candidates.map(normaliseEmail))];
    const [memberEmails, openInvites, accounts] = keys.length
      ? await membersInvitesAndAccountsFor(transaction, team.id, keys)
      : [[], [], []];
    const members = new Set(memberEmails.map((row) => row.email));
    const inviter = senderOf(actor.user);
    const now = new Date();
    const seen = new Set<string>();
    const refusalFor = (email: string, key: string, existing: TeamInviteRow | undefined): string | null => {
      if (!emailSchema.safeParse(email).success) return 'Not a valid email address.';
      if (seen.has(key)) return 'This address is listed twice.';
      if (members.has(key)) return 'Already a member of this team.';
      if (existing && existing.expiresAt > now) return 'Already invited; resend the invite instead.';
      return null;
    };
    const results: InviteResult[] = [];
    for (const rawEmail of emails) {
      const email = rawEmail.trim();
      const key = normaliseEmail(email);
      const existing = openInvites.find((invite) => normaliseEmail(invite.email) === key);
      const refusal = refusalFor(email, key, existing);
      seen.add(key);
      if (refusal) {
        results.push({ email, success: false, error: refusal, invite: null });
        continue;
      }
      if (existing) {
        await transaction.delete(teamInvites).where(eq(teamInvites.id, existing.id));
        await markNotificationsReadAbout(transaction, { type: 'TeamInvite', externalIds: [existing.id] });
      }
      const [invite] = await transaction
        .insert(teamInvites)
        .values({
          teamId: team.id,
          email,
          teamRole,
          invitedBy: actor.user.id,
          createdAt: now,
          expiresAt: inviteExpiry(now),
        })
        .returning();
      const node: TeamInviteNode = { ...invite!, team, inviter };
      const account = accounts.find((row) => row.email === key);
      if (account) {
        await createNotification(transaction, {
          userId: account.id,
          type: 'TeamInvite',
          message: inviteMessage(node),
          externalId: invite!.id,
          actor: { userId: actor.user.id },
        });
      }
      await recordEvent(transaction, {
        eventType: 'invite.created',
        actor,
        payload: { inviteId: invite!.id, teamId: team.id, email, teamRole },
      });
      results.push({ email, success: true, error: null, invite: node });
    }
    return { successCount: results.filter((result) => result.success).length, results };
  });
}

/** A team's open invites, newest first, for its admins and owner (expired ones too, to resend). */
export async function listTeamInvites(
  db: DatabaseExecutor,
  options: { actor: Actor; teamFriendlyId: string; page: PageRequest },
): Promise<Page<TeamInviteNode>> {
  const { team } = await findTeamForActor(db, {
    actor: options.actor,
    friendlyId: options.teamFriendlyId,
    roles: teamManagers,
  });
  const page = await findPage({
    db,
    table: teamInvites,
    shape: 'open',
    where: (bind) => and(eq(teamInvites.teamId, bind(team.id)), openInvite),
    sortTerms: resolveSortTerms({
      order: null,
      sortable: { createdAt: teamInvites.createdAt },
      defaultOrder: [{ createdAt: 'DESC' }],
      id: teamInvites.id,
    }),
    page: options.page,
  });
  const inviters = await invitersById(
    db,
    page.edges.map((edge) => edge.node),
  );
  return mapPageNodes(page, (invite) => ({
    ...invite,
    team,
    inviter: invite.invitedBy ? (inviters.get(invite.invitedBy) ?? null) : null,
  }));
}

/** An open invite of a team the caller manages, with the team locked. */
async function lockManagedInvite(
  transaction: DatabaseExecutor,
  actor: Actor,
  inviteId: string,
): Promise<TeamInviteNode> {
  if (!z.uuid().safeParse(inviteId).success) throw inviteNotFound();
  const [invite] = await transaction
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.id, inviteId), openInvite));
  if (!invite) throw inviteNotFound();
  const { team } = await lockTeamForActor(transaction, {
    actor,
    where: { teamId: invite.teamId },
    roles: teamManagers,
    notFound: inviteNotFound,
  });
  const inviters = await invitersById(transaction, [invite]);
  return { ...invite, team, inviter: invite.invitedBy ? (inviters.get(invite.invitedBy) ?? null) : null };
}

export async function deleteInvite(db: DatabaseExecutor, options: { actor: Actor; inviteId: string }): Promise<void> {
  const { actor, inviteId } = options;
  await db.transaction(async (transaction) => {
    const invite = await lockManagedInvite(transaction, actor, inviteId);
    await transaction.delete(teamInvites).where(eq(teamInvites.id, invite.id));
    // Nothing left to answer: the invitee's bell goes out.
    await markNotificationsReadAbout(transaction, { type: 'TeamInvite', externalIds: [invite.id] });
    await recordEvent(transaction, {
      eventType: 'invite.deleted',
      actor,
      payload: { inviteId: invite.id, teamId: invite.teamId, email: invite.email },
    });
  });
}

/**
 * For a team being deleted: its invites can no longer be answered, so every notification about them is
 * read (the invites themselves go with the team).
 */
export async function closeInvitesOfTeam(transaction: DatabaseExecutor, teamId: string): Promise<void> {
  const invites = await transaction
    .select({ id: teamInvites.id })
    .from(teamInvites)
    .where(eq(teamInvites.teamId, teamId));
  await markNotificationsReadAbout(transaction, {
    type: 'TeamInvite',
    externalIds: invites.map((invite) => invite.id),
  });
}

/** Renews the invite for another 14 days and tells the invitee again (the new notification replaces the unread one). */
export async function resendInvite(
  db: DatabaseExecutor,
  options: { actor: Actor; inviteId: string },
): Promise<TeamInviteNode> {
  const { actor, inviteId } = options;
  return db.transaction(async (transaction) => {
    const { team, inviter, ...invite } = await lockManagedInvite(transaction, actor, inviteId);
    const now = new Date();
    const [renewed] = await transaction
      .update(teamInvites)
      .set({ expiresAt: inviteExpiry(now) })
      .where(eq(teamInvites.id, invite.id))
      .returning();
    const [account] = await transaction
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${normaliseEmail(invite.email)}`, eq(users.isEmailVerified, true)));
    if (account) {
      await markNotificationsReadAbout(transaction, { type: 'TeamInvite', externalIds: [invite.id] });
      await createNotification(transaction, {
        userId: account.id,
        type: 'TeamInvite',
        message: inviteMessage({ team, inviter, teamRole: invite.teamRole }),
        externalId: invite.id,
        actor: invite.invitedBy ? { userId: invite.invitedBy } : null,
      });
    }
    await recordEvent(transaction, {
      eventType: 'invite.resent',
      actor,
      payload: { inviteId: invite.id, teamId: team.id, email: invite.email, expiresAt: renewed!.expiresAt },
    });
    return { ...renewed!, team, inviter };
  });
}

const alreadyAnswered = () => new AppError('INVALID_REQUEST', 'This invite has already been answered.');

const inviterUsers = alias(users, 'inviter');

/** An invite with its team and sender, addressed to the caller's proven address, or undefined. */
function selectOwnInvite(transaction: DatabaseExecutor, actor: Actor, inviteId: string) {
  return transaction
    .select({
      invite: teamInvites,
      team: teams,
      inviter: { firstName: inviterUsers.firstName, lastName: inviterUsers.lastName, email: inviterUsers.email },
    })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .leftJoin(inviterUsers, eq(inviterUsers.id, teamInvites.invitedBy))
    .where(and(eq(teamInvites.id, inviteId), sql`lower(${teamInvites.email}) = ${normaliseEmail(actor.user.email)}`));
}

type OwnInviteRow = Awaited<ReturnType<typeof selectOwnInvite>>[number];

function ownInviteNode(actor: Actor, row: OwnInviteRow | undefined): TeamInviteNode {
  if (!row || (!row.team.enabled && !actor.user.isSystemAdmin)) throw inviteNotFound();
  return { ...row.invite, team: row.team, inviter: row.inviter ? senderOf(row.inviter) : null };
}

/**
 * The invite addressed to the caller, answered or not, with its team and who sent it: what the invite page
 * shows. Anyone else learns nothing (NOT_FOUND).
 */
export async function findOwnInvite(
  db: DatabaseExecutor,
  options: { actor: Actor; inviteId: string },
): Promise<TeamInviteNode> {
  const { actor, inviteId } = options;
  // An invite is addressed to whoever owns the address; until the provider proved that, it is no one here.
  if (!z.uuid().safeParse(inviteId).success || !actor.user.isEmailVerified) throw inviteNotFound();
  const [row] = await selectOwnInvite(db, actor, inviteId);
  return ownInviteNode(actor, row);
}

/**
 * The invite addressed to the caller, with its team locked. Anyone else learns nothing (NOT_FOUND);
 * the invitee is told when it was already answered or has expired.
 */
async function lockOwnInvite(transaction: DatabaseExecutor, actor: Actor, inviteId: string): Promise<TeamInviteNode> {
  if (!z.uuid().safeParse(inviteId).success || !actor.user.isEmailVerified) throw inviteNotFound();
  const [row] = await selectOwnInvite(transaction, actor, inviteId).for('update', { of: teams });
  const invite = ownInviteNode(actor, row);
  if (invite.acceptedAt || invite.declinedAt) throw alreadyAnswered();
  if (invite.expiresAt <= new Date()) {
    throw new AppError('INVALID_REQUEST', 'This invite has expired; ask the team for a new one.');
  }
  return invite;
}

/**
 * Only an open invite is answered, so two simultaneous answers cannot both succeed; its notifications,
 * kept unread while it waited for the answer, are read from then on.
 */
async function answerInvite(
  transaction: DatabaseExecutor,
  inviteId: string,
  answer: { acceptedAt: Date } | { declinedAt: Date },
): Promise<void> {
  const answered = await transaction
    .update(teamInvites)
    .set(answer)
    .where(and(eq(teamInvites.id, inviteId), openInvite))
    .returning({ id: teamInvites.id });
  if (answered.length === 0) throw alreadyAnswered();
  await markNotificationsReadAbout(transaction, { type: 'TeamInvite', externalIds: [inviteId] });
}

/** Joins the team with the invite's role, once; returns the team's friendly id. */
export async function acceptInvite(db: DatabaseExecutor, options: { actor: Actor; inviteId: string }): Promise<string> {
  const { actor, inviteId } = options;
  return db.transaction(async (transaction) => {
    const { team, ...invite } = await lockOwnInvite(transaction, actor, inviteId);
    await answerInvite(transaction, invite.id, { acceptedAt: new Date() });
    // Someone who joined meanwhile keeps the role they have.
    await transaction
      .insert(teamMembers)
      .values({ teamId: team.id, userId: actor.user.id, role: invite.teamRole })
      .onConflictDoNothing();
    await recordEvent(transaction, {
      eventType: 'invite.accepted',
      actor,
      payload: { inviteId: invite.id, teamId: team.id, friendlyId: team.friendlyId, teamRole: invite.teamRole },
    });
    return team.friendlyId;
  });
}

export async function declineInvite(db: DatabaseExecutor, options: { actor: Actor; inviteId: string }): Promise<void> {
  const { actor, inviteId } = options;
  await db.transaction(async (transaction) => {
    const { team, ...invite } = await lockOwnInvite(transaction, actor, inviteId);
    await answerInvite(transaction, invite.id, { declinedAt: new Date() });
    const sender = invite.invitedBy ? await inviterStillManaging(transaction, invite.invitedBy, team.id) : undefined;
    if (sender) {
      await createNotification(transaction, {
        userId: sender,
        type: 'TeamInviteDeclined',
        message: `${personName(actor.user)} (${invite.email}) declined your invite to join the team ${teamWords(team)} as ${roleWords(invite.teamRole)}.`,
        externalId: team.id,
        actor: { userId: actor.user.id },
      });
    }
    await recordEvent(transaction, {
      eventType: 'invite.declined',
      actor,
      payload: { inviteId: invite.id, teamId: team.id, friendlyId: team.friendlyId, inviterNotified: Boolean(sender) },
    });
  });
}

/**
 * The sender of an invite, when they may still see the team's invites (its owner or an admin, or a system
 * administrator): someone who has left the team learns nothing more of it.
 */
async function inviterStillManaging(
  transaction: DatabaseExecutor,
  inviterId: string,
  teamId: string,
): Promise<string | undefined> {
  const [row] = await transaction
    .select({ id: users.id, isSystemAdmin: users.isSystemAdmin, role: teamMembers.role })
    .from(users)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, teamId)))
    .where(and(eq(users.id, inviterId), isNull(users.suspendedAt)));
  if (!row) return undefined;
  return row.isSystemAdmin || (row.role !== null && teamManagers.includes(row.role)) ? row.id : undefined;
}

/**
 * For the users module, in the transaction that creates an account or proves its address: every open,
 * unexpired invite to the account's address becomes a TeamInvite notification, once the address is proven.
 */
export async function deliverPendingInvites(
  transaction: DatabaseExecutor,
  user: Pick<UserRow, 'id' | 'email' | 'isEmailVerified'>,
): Promise<void> {
  if (!user.isEmailVerified) return;
  const pending = await transaction
    .select({
      inviteId: teamInvites.id,
      teamRole: teamInvites.teamRole,
      invitedBy: teamInvites.invitedBy,
      team: teams,
      inviter: { firstName: inviterUsers.firstName, lastName: inviterUsers.lastName, email: inviterUsers.email },
    })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .leftJoin(inviterUsers, eq(inviterUsers.id, teamInvites.invitedBy))
    .where(
      and(
        sql`lower(${teamInvites.email}) = ${normaliseEmail(user.email)}`,
        openInvite,
        gt(teamInvites.expiresAt, new Date()),
        eq(teams.enabled, true),
      ),
    )
    .orderBy(desc(teamInvites.createdAt));
  for (const { inviteId, teamRole, invitedBy, team, inviter: sender } of pending) {
    await createNotification(transaction, {
      userId: user.id,
      type: 'TeamInvite',
      message: inviteMessage({ team, teamRole, inviter: sender ? senderOf(sender) : null }),
      externalId: inviteId,
      actor: invitedBy ? { userId: invitedBy } : null,
    });
  }
}
