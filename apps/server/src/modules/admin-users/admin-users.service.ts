import {
  type CreatePersonInput,
  createPersonInputSchema,
  type UpdateUserInput,
  updateUserInputSchema,
} from '@dxp/contracts/admin-users';
import { and, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { escapeLikePattern } from '../../db/filter-conditions.js';
import { findPage, type Page, type PageRequest, resolveSortTerms } from '../../db/keyset-pagination.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { resetPasswordLink, verifyEmailLink } from '../../idp/account-mails.js';
import { issueAccountToken, SET_PASSWORD_LINK_LIFETIME_MINUTES } from '../../idp/account-tokens.js';
import {
  createAccountWithoutPassword,
  endProviderSessions,
  findIdentityAccountById,
} from '../../idp/identity-accounts.js';
import { endOtherSessionsInTransaction } from '../../auth/sessions.js';
import { lockSecondFactors, removeAllSecondFactors, secondFactorStateOf } from '../../idp/second-factors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { createUserForIdentityInTransaction, findUserByEmail, findUserById } from '../users/users.service.js';

/** Served by the `users_name_order` index. */
const byName = resolveSortTerms({
  order: null,
  sortable: { firstName: users.firstName, lastName: users.lastName, email: users.email },
  defaultOrder: [{ firstName: 'ASC' }, { lastName: 'ASC' }, { email: 'ASC' }],
  id: users.id,
});

/** Every user, ordered by first name, last name and email; `search` matches any of the three, ignoring case. */
export async function listAllUsers(
  db: DatabaseExecutor,
  options: { search?: string | null; page: PageRequest },
): Promise<Page<UserRow>> {
  const search = options.search?.trim();
  const pattern = search ? `%${escapeLikePattern(search)}%` : undefined;
  return findPage({
    db,
    table: users,
    shape: pattern ? 'search' : 'all',
    where: (bind) => {
      if (!pattern) return undefined;
      const boundPattern = bind(pattern);
      return or(
        ilike(users.email, boundPattern),
        ilike(users.firstName, boundPattern),
        ilike(users.lastName, boundPattern),
      );
    },
    sortTerms: byName,
    page: options.page,
  });
}

export async function requireUser(db: DatabaseExecutor, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  return user;
}

export type { UpdateUserInput };

/** Arbitrary constant: serialises demotions so two admins cannot demote each other at the same time. */
const SYSTEM_ADMIN_CHANGE_LOCK_ID = 7_419_201;

/** A system administrator edits any user; the last system administrator cannot be demoted. */
export async function updateUser(
  db: DatabaseExecutor,
  options: { actor: Actor; input: UpdateUserInput },
): Promise<UserRow> {
  const { actor } = options;
  const input = updateUserInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    if (input.isSystemAdmin === false) {
      await transaction.execute(sql`select pg_advisory_xact_lock(${SYSTEM_ADMIN_CHANGE_LOCK_ID})`);
    }
    // Read after the lock, so a demotion that committed while we waited is seen.
    const user = await requireUser(transaction, input.id);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.firstName != null) changes.firstName = input.firstName;
    if (input.lastName != null) changes.lastName = input.lastName;
    if (input.primaryPhone !== undefined) changes.primaryPhone = input.primaryPhone;
    if (input.ordwayCustomerId !== undefined) changes.ordwayCustomerId = input.ordwayCustomerId;
    if (input.isSystemAdmin != null) changes.isSystemAdmin = input.isSystemAdmin;

    if (user.isSystemAdmin && changes.isSystemAdmin === false) {
      if (!user.suspendedAt && (await activeSystemAdminCount(transaction)) <= 1) {
        throw new AppError(
          'INVALID_CONTENT',
          'The last active system administrator cannot be demoted. Make someone else an administrator first.',
          {
            field: 'userInput.isSystemAdmin',
          },
        );
      }
    }

    const [updated] = await transaction
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordEvent(transaction, {
      eventType: 'user.updated',
      actor,
      payload: { userId: user.id, email: user.email, changes },
    });
    return updated!;
  });
}

/** System administrators who can still sign in: the portal must keep at least one. */
async function activeSystemAdminCount(db: DatabaseExecutor): Promise<number> {
  const [admins] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.isSystemAdmin, true), isNull(users.suspendedAt)));
  return admins?.total ?? 0;
}

/** The built-in provider's issuer, or a refusal: only its accounts are created, verified and given passwords here. */
function requireBuiltInIssuer(builtInIssuer: string | undefined, what: string): string {
  if (!builtInIssuer) {
    throw new AppError(
      'INVALID_REQUEST',
      `People sign in with the installation's identity provider, so ${what} happens there.`,
    );
  }
  return builtInIssuer;
}

/**
 * A system administrator adds a person of the built-in provider: their sign-in account (unverified, no password
 * anyone knows) and their portal user, with a set-password link of SET_PASSWORD_LINK_LIFETIME_MINUTES. The caller
 * mails the link, or shows it to copy when no mail is configured. Records `user.created` with the administrator.
 */
export async function createPerson(
  db: DatabaseExecutor,
  options: { actor: Actor; input: CreatePersonInput; builtInIssuer: string | undefined; publicUrl: string },
): Promise<{ user: UserRow; link: string }> {
  const issuer = requireBuiltInIssuer(options.builtInIssuer, 'adding people');
  const input = createPersonInputSchema.parse(options.input);
  return db.transaction(async (transaction) => {
    if (await findUserByEmail(transaction, input.email)) {
      throw new AppError('DUPLICATE_VALUE', 'Someone already has an account with this email address.', {
        field: 'email',
      });
    }
    const account = await createAccountWithoutPassword(transaction, input);
    const user = await createUserForIdentityInTransaction(
      transaction,
      { issuer, subject: account.id, ...input, isEmailVerified: false },
      { isSystemAdmin: false, createdBy: options.actor },
    );
    const token = await issueAccountToken(transaction, {
      accountId: account.id,
      purpose: 'reset-password',
      lifetimeMinutes: SET_PASSWORD_LINK_LIFETIME_MINUTES,
    });
    return { user, link: resetPasswordLink(options.publicUrl, token) };
  });
}

/**
 * Suspends an account: its sessions end (the session check refuses a suspended user anyway, on the very next
 * request), its service keys stop answering, its built-in provider sessions end, and it cannot sign in until
 * reactivated. Nobody suspends themselves or the last active system administrator. Records `user.suspended`.
 */
export async function suspendUser(
  db: DatabaseExecutor,
  options: { actor: Actor; userId: string; builtInIssuer: string | undefined },
): Promise<UserRow> {
  const { actor } = options;
  if (options.userId === actor.user.id) {
    throw new AppError('INVALID_CONTENT', 'You cannot suspend your own account.');
  }
  return db.transaction(async (transaction) => {
    // The same lock as demotions: both can take away the last active administrator.
    await transaction.execute(sql`select pg_advisory_xact_lock(${SYSTEM_ADMIN_CHANGE_LOCK_ID})`);
    const user = await requireUser(transaction, options.userId);
    if (user.suspendedAt) return user;
    if (user.isSystemAdmin && (await activeSystemAdminCount(transaction)) <= 1) {
      throw new AppError(
        'INVALID_CONTENT',
        'The last active system administrator cannot be suspended. Make someone else an administrator first.',
      );
    }
    const now = new Date();
    const [suspended] = await transaction
      .update(users)
      .set({ suspendedAt: now, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    const endedSessions = await endOtherSessionsInTransaction(transaction, { userId: user.id });
    if (options.builtInIssuer && user.identityIssuer === options.builtInIssuer) {
      await endProviderSessions(transaction, user.identitySubject);
    }
    await recordEvent(transaction, {
      eventType: 'user.suspended',
      actor,
      payload: { userId: user.id, email: user.email, endedSessions },
    });
    return suspended!;
  });
}

/** Lets a suspended account sign in again (its service keys answer again; its ended sessions stay ended). */
export async function reactivateUser(
  db: DatabaseExecutor,
  options: { actor: Actor; userId: string },
): Promise<UserRow> {
  return db.transaction(async (transaction) => {
    const user = await requireUser(transaction, options.userId);
    if (!user.suspendedAt) return user;
    const [reactivated] = await transaction
      .update(users)
      .set({ suspendedAt: null, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordEvent(transaction, {
      eventType: 'user.reactivated',
      actor: options.actor,
      payload: { userId: user.id, email: user.email },
    });
    return reactivated!;
  });
}

/**
 * A new verification link for a person of the built-in provider whose address is not proven yet (earlier links
 * stop working). The caller mails it, or shows it to copy when no mail is configured. Records
 * `user.verification-resent`.
 */
export async function createVerificationLink(
  db: DatabaseExecutor,
  options: { actor: Actor; userId: string; builtInIssuer: string | undefined; publicUrl: string; mailed: boolean },
): Promise<{ email: string; link: string }> {
  const issuer = requireBuiltInIssuer(options.builtInIssuer, 'confirming an email address');
  const user = await requireUser(db, options.userId);
  const account = user.identityIssuer === issuer ? await findIdentityAccountById(db, user.identitySubject) : undefined;
  if (!account) {
    throw new AppError(
      'INVALID_REQUEST',
      'This person signs in with another identity provider, which proves the address.',
    );
  }
  if (account.emailVerifiedAt) {
    throw new AppError('INVALID_CONTENT', 'This email address is already confirmed.');
  }
  return db.transaction(async (transaction) => {
    const token = await issueAccountToken(transaction, { accountId: account.id, purpose: 'verify-email' });
    await recordEvent(transaction, {
      eventType: 'user.verification-resent',
      actor: options.actor,
      payload: { userId: user.id, email: account.email, mailed: options.mailed },
    });
    return { email: account.email, link: verifyEmailLink(options.publicUrl, token) };
  });
}

/** A person's second factors as a system administrator sees them: whether they have any, never the factors. */
export interface UserSecondFactors {
  /** False for a person of an external identity provider, which keeps their factors. */
  managedHere: boolean;
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  passkeyCount: number;
}

const noFactorsHere: UserSecondFactors = {
  managedHere: false,
  totpEnabled: false,
  recoveryCodesLeft: 0,
  passkeyCount: 0,
};

/**
 * Second factors are reset by a system administrator signed in as themselves: the field's scope says so, and the
 * service repeats it, as a service key (even an administrator's) is no person at the keyboard.
 */
function requireSystemAdministrator(actor: Actor): void {
  if (actor.kind !== 'user' || !actor.user.isSystemAdmin) {
    throw new AppError('AUTH_NOT_AUTHORIZED', 'Only a system administrator can see or reset second factors.');
  }
}

async function builtInAccountIdOf(db: DatabaseExecutor, user: UserRow, builtInIssuer: string | undefined) {
  if (!builtInIssuer || user.identityIssuer !== builtInIssuer) return undefined;
  return (await findIdentityAccountById(db, user.identitySubject))?.id;
}

/** `userSecondFactors`: whether a person has an authenticator app, recovery codes and passkeys. */
export async function userSecondFactors(
  db: DatabaseExecutor,
  options: { actor: Actor; userId: string; builtInIssuer: string | undefined },
): Promise<UserSecondFactors> {
  requireSystemAdministrator(options.actor);
  const user = await requireUser(db, options.userId);
  const accountId = await builtInAccountIdOf(db, user, options.builtInIssuer);
  if (!accountId) return noFactorsHere;
  const state = await secondFactorStateOf(db, accountId);
  return {
    managedHere: true,
    totpEnabled: state.totpConfirmedAt !== null,
    recoveryCodesLeft: state.totpConfirmedAt ? state.recoveryCodesLeft : 0,
    passkeyCount: state.passkeyCount,
  };
}

/**
 * `resetSecondFactors`, for a person who lost their phone or passkeys: removes their authenticator app, recovery
 * codes and passkeys, ends every session of theirs (portal and provider), records `user.second-factors-reset` and
 * notifies them. Their next sign-in asks for the password alone, or the enrolment MFA_POLICY asks for. Not for
 * one's own account, nor a person of an external provider (docs/decisions/0132-passkey-second-step-and-admin-reset.md).
 */
export async function resetSecondFactors(
  db: DatabaseExecutor,
  options: { actor: Actor; userId: string; builtInIssuer: string | undefined },
): Promise<UserSecondFactors> {
  const { actor } = options;
  requireSystemAdministrator(actor);
  if (options.userId === actor.user.id) {
    throw new AppError(
      'INVALID_CONTENT',
      'You cannot reset your own two-factor authentication; change it on your profile page.',
    );
  }
  return db.transaction(async (transaction) => {
    const user = await requireUser(transaction, options.userId);
    const accountId = await builtInAccountIdOf(transaction, user, options.builtInIssuer);
    if (!accountId) {
      throw new AppError(
        'INVALID_REQUEST',
        'This person signs in with another identity provider, which keeps their two-factor authentication.',
      );
    }
    await lockSecondFactors(transaction, accountId);
    const removed = await removeAllSecondFactors(transaction, accountId);
    const endedSessions = await endOtherSessionsInTransaction(transaction, { userId: user.id });
    await endProviderSessions(transaction, accountId);
    await recordEvent(transaction, {
      eventType: 'user.second-factors-reset',
      actor,
      payload: { userId: user.id, email: user.email, removed, endedSessions },
    });
    await createNotification(transaction, {
      userId: user.id,
      type: 'AccountSecurity',
      message:
        'An administrator reset your two-factor authentication: your authenticator app, recovery codes and passkeys were removed, and your sessions were signed out. Sign in with your password and set up a second factor again on your profile page.',
      actor: { userId: actor.user.id },
    });
    return { managedHere: true, totpEnabled: false, recoveryCodesLeft: 0, passkeyCount: 0 };
  });
}
