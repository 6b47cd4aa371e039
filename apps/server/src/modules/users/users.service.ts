import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Actor, systemRolesOf } from '../../auth/actor.js';
import type { Database, DatabaseExecutor } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { normaliseEmail } from '@dxp/contracts/email-address';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { deliverPendingInvites } from '../teams/team-invites.service.js';
import { hasAcceptedCurrentTerms } from './terms-of-service.js';

/** What an identity provider vouches for about the person signing in. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  /**
   * The provider proved the person owns `email` (`email_verified` was `true` or `"true"`). Only then does the
   * address count for ADMIN_EMAIL and team invites; a missing claim is unverified (docs/decisions/0119-proven-email-built-in-provider.md).
   */
  isEmailVerified?: boolean;
}

export interface SignInOptions {
  adminEmails: readonly string[];
  /**
   * The portal's profile is the source of the names (the built-in provider): a later sign-in does not
   * overwrite names edited on the profile page. With an external provider its names win.
   */
  keepProfileNames?: boolean;
}

/** Arbitrary constant: serialises the creation of users so exactly one becomes the first admin. */
const USER_CREATION_LOCK_ID = 7_419_101;

/**
 * Creates the user on first sign-in or refreshes their profile on later ones, and records the login.
 * The first account ever created and the configured bootstrap emails become system admins; an admin
 * is never demoted here.
 */
export async function upsertUserFromIdentity(
  db: DatabaseExecutor,
  identity: VerifiedIdentity,
  { adminEmails, keepProfileNames = false }: SignInOptions,
): Promise<UserRow> {
  const email = identity.email.trim();
  const isEmailVerified = identity.isEmailVerified === true;
  const isBootstrapAdmin = isEmailVerified && adminEmails.map(normaliseEmail).includes(normaliseEmail(email));
  const now = new Date();

  return db.transaction(async (transaction) => {
    let existing = await findUserByIdentity(transaction, identity.issuer, identity.subject);
    if (!existing) {
      await transaction.execute(sql`select pg_advisory_xact_lock(${USER_CREATION_LOCK_ID})`);
      // A simultaneous first sign-in of the same person may have created the row while we waited.
      existing = await findUserByIdentity(transaction, identity.issuer, identity.subject);
    }
    await requireEmailFree(transaction, email, existing?.id);
    if (existing) {
      const isPromoted = isBootstrapAdmin && !existing.isSystemAdmin;
      const [updated] = await transaction
        .update(users)
        .set({
          email,
          firstName: (!keepProfileNames && identity.firstName) || existing.firstName,
          lastName: (!keepProfileNames && identity.lastName) || existing.lastName,
          isSystemAdmin: existing.isSystemAdmin || isBootstrapAdmin,
          isEmailVerified,
          lastLogin: now,
          updatedAt: now,
        })
        .where(eq(users.id, existing.id))
        .returning();
      if (isPromoted) {
        await recordEvent(transaction, {
          eventType: 'user.updated',
          actor: { kind: 'user', user: updated! },
          payload: {
            userId: existing.id,
            email,
            changes: { isSystemAdmin: true },
            source: 'sign-in',
            reason: 'ADMIN_EMAIL',
          },
        });
      }
      // The address was proven since the last sign-in: the invites waiting for it reach the person now.
      if (isEmailVerified && !existing.isEmailVerified) await deliverPendingInvites(transaction, updated!);
      return updated!;
    }

    return insertUser(transaction, identity, { isSystemAdmin: isBootstrapAdmin, lastLogin: now, source: 'sign-in' });
  });
}

/**
 * Creates a user before their first sign-in (the admin command line, or a system administrator's "Add person",
 * who is the event's actor); the first account still becomes admin.
 */
export async function createUserForIdentity(
  db: DatabaseExecutor,
  identity: VerifiedIdentity,
  { isSystemAdmin, createdBy }: { isSystemAdmin: boolean; createdBy?: Actor },
): Promise<UserRow> {
  return db.transaction((transaction) =>
    createUserForIdentityInTransaction(transaction, identity, { isSystemAdmin, createdBy }),
  );
}

/** `createUserForIdentity` inside the caller's transaction (a nested one would be a savepoint, another transaction id). */
export async function createUserForIdentityInTransaction(
  transaction: DatabaseExecutor,
  identity: VerifiedIdentity,
  { isSystemAdmin, createdBy }: { isSystemAdmin: boolean; createdBy?: Actor },
): Promise<UserRow> {
  await transaction.execute(sql`select pg_advisory_xact_lock(${USER_CREATION_LOCK_ID})`);
  await requireEmailFree(transaction, identity.email);
  return insertUser(transaction, identity, {
    isSystemAdmin,
    lastLogin: null,
    source: createdBy ? 'admin' : 'cli',
    createdBy,
  });
}

/**
 * Inserts a user and records `user.created`; the caller holds the user-creation lock, so "is this the
 * first?" has one answer. Team invites already waiting for the address become the new account's notifications.
 */
async function insertUser(
  transaction: DatabaseExecutor,
  identity: VerifiedIdentity,
  options: { isSystemAdmin: boolean; lastLogin: Date | null; source: 'sign-in' | 'cli' | 'admin'; createdBy?: Actor },
): Promise<UserRow> {
  const { isSystemAdmin, lastLogin, source } = options;
  const [anyUser] = await transaction.select({ id: users.id }).from(users).limit(1);
  const [created] = await transaction
    .insert(users)
    .values({
      identityIssuer: identity.issuer,
      identitySubject: identity.subject,
      email: identity.email.trim(),
      firstName: identity.firstName,
      lastName: identity.lastName,
      isSystemAdmin: !anyUser || isSystemAdmin,
      isEmailVerified: identity.isEmailVerified === true,
      lastLogin,
    })
    .returning();
  const adminReason = !anyUser
    ? 'first account'
    : isSystemAdmin
      ? source === 'sign-in'
        ? 'ADMIN_EMAIL'
        : '--admin'
      : undefined;
  await recordEvent(transaction, {
    eventType: 'user.created',
    // Whoever signs up creates their own account; the command line has no signed-in caller.
    actor: source === 'sign-in' ? { kind: 'user', user: created! } : (options.createdBy ?? null),
    payload: { userId: created!.id, email: created!.email, isSystemAdmin: created!.isSystemAdmin, source, adminReason },
  });
  await deliverPendingInvites(transaction, created!);
  return created!;
}

const userIdSchema = z.uuid();

export async function findUserById(db: DatabaseExecutor, id: string): Promise<UserRow | undefined> {
  if (!userIdSchema.safeParse(id).success) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/**
 * `findUserById` as a named prepared statement, for the lookup behind every authenticated request: its
 * SQL is built once, and PostgreSQL parses and plans it once per connection.
 */
export function prepareFindUserById(db: Database): (id: string) => Promise<UserRow | undefined> {
  const statement = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_user_by_id');
  return async (id) => {
    if (!userIdSchema.safeParse(id).success) return undefined;
    const [user] = await statement.execute({ id });
    return user;
  };
}

export async function findUserByEmail(db: DatabaseExecutor, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`);
  return user;
}

export async function findUserByIdentity(
  db: DatabaseExecutor,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.identityIssuer, issuer), eq(users.identitySubject, subject)));
  return user;
}

/**
 * The built-in provider proved the address of this identity (its verification link was opened): the user,
 * if they have signed in before, is verified at once and receives the invites waiting for the address.
 * ADMIN_EMAIL is applied at their next sign-in, which records it as a sign-in event.
 */
export async function markUserEmailVerified(
  db: DatabaseExecutor,
  { issuer, subject }: { issuer: string; subject: string },
): Promise<void> {
  await db.transaction(async (transaction) => {
    const [updated] = await transaction
      .update(users)
      .set({ isEmailVerified: true, updatedAt: new Date() })
      .where(
        and(eq(users.identityIssuer, issuer), eq(users.identitySubject, subject), eq(users.isEmailVerified, false)),
      )
      .returning();
    if (updated) await deliverPendingInvites(transaction, updated);
  });
}

/** Grants system administration; used by the admin command line. */
export async function makeSystemAdmin(db: DatabaseExecutor, userId: string): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ isSystemAdmin: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', 'User not found');
  return updated;
}

/** The user as the REST `userinfo` call and GraphQL `me` return it (docs/api.md). */
export function toUserInfo(user: UserRow) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    primaryPhone: user.primaryPhone,
    isSystemAdmin: user.isSystemAdmin,
    /** The SPA asks an unverified person to prove the address (invites and ADMIN_EMAIL wait for it). */
    isEmailVerified: user.isEmailVerified,
    ordwayCustomerId: user.ordwayCustomerId,
    roles: systemRolesOf(user),
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    hasAcceptedCurrentTerms: hasAcceptedCurrentTerms(user),
  };
}

export type UserInfo = ReturnType<typeof toUserInfo>;

async function requireEmailFree(db: DatabaseExecutor, email: string, exceptUserId?: string): Promise<void> {
  const holder = await findUserByEmail(db, email);
  if (holder && holder.id !== exceptUserId) {
    throw new AppError('DUPLICATE_VALUE', 'Another account already uses this email address', { field: 'email' });
  }
}
