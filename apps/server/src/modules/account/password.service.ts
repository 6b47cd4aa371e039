import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { resetPasswordLink } from '../../idp/account-mails.js';
import { issueAccountToken } from '../../idp/account-tokens.js';
import { findIdentityAccountById, setIdentityPassword, signInWithPassword } from '../../idp/identity-accounts.js';
import { passwordProblem } from '../../idp/password-policy.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { findUserById } from '../users/users.service.js';

/** The built-in provider's account of a portal user, or why there is none. */
async function builtInAccountOf(
  db: DatabaseExecutor,
  user: { identityIssuer: string; identitySubject: string },
  builtInIssuer: string | undefined,
) {
  if (!builtInIssuer || user.identityIssuer !== builtInIssuer) {
    throw new AppError(
      'INVALID_REQUEST',
      'This password is kept by the identity provider the account signs in with; change it there.',
    );
  }
  const account = await findIdentityAccountById(db, user.identitySubject);
  if (!account) throw new AppError('NOT_FOUND', 'The sign-in account was not found.');
  return account;
}

/**
 * A signed-in person changes their built-in password: the current one is checked (and counted like a sign-in,
 * so this is no way around the throttling), the new one meets the policy. Every provider session of the account
 * ends, so a device that knew the old password must sign in again.
 */
export async function changeMyPassword(
  db: DatabaseExecutor,
  options: {
    actor: Actor;
    builtInIssuer: string | undefined;
    currentPassword: string;
    newPassword: string;
  },
): Promise<void> {
  const { actor, currentPassword, newPassword } = options;
  const account = await builtInAccountOf(db, actor.user, options.builtInIssuer);
  const check = await signInWithPassword(db, {
    email: account.email,
    password: currentPassword,
    // Counted per person rather than per network: only someone signed in as them can guess here.
    clientAddress: `user:${actor.user.id}`,
  });
  if (check.outcome === 'throttled') {
    throw new AppError('RATE_LIMITED', `Too many wrong passwords: try again in ${check.retryAfterSeconds} seconds.`);
  }
  if (check.outcome !== 'signed-in') {
    throw new AppError('INVALID_REQUEST', 'The current password is incorrect.', { field: 'currentPassword' });
  }
  const problem = await passwordProblem(newPassword, [account.email, account.firstName, account.lastName]);
  if (problem) throw new AppError('INVALID_REQUEST', problem, { field: 'newPassword' });
  await db.transaction(async (transaction) => {
    await setIdentityPassword(transaction, { accountId: account.id, password: newPassword });
    await recordEvent(transaction, {
      eventType: 'user.password-changed',
      actor,
      payload: { userId: actor.user.id },
    });
  });
}

/**
 * A system administrator's reset link for a person of the built-in provider (one hour, single use, every earlier
 * link ended). The caller mails it when mail is configured, or shows it to copy.
 */
export async function createPasswordResetLink(
  db: DatabaseExecutor,
  options: { actor: Actor; userId: string; builtInIssuer: string | undefined; publicUrl: string; mailed: boolean },
): Promise<{ email: string; link: string }> {
  const user = await findUserById(db, options.userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  const account = await builtInAccountOf(db, user, options.builtInIssuer);
  return db.transaction(async (transaction) => {
    const token = await issueAccountToken(transaction, { accountId: account.id, purpose: 'reset-password' });
    await recordEvent(transaction, {
      eventType: 'user.password-reset-link',
      actor: options.actor,
      payload: { userId: user.id, email: account.email, source: 'admin', mailed: options.mailed },
    });
    return { email: account.email, link: resetPasswordLink(options.publicUrl, token) };
  });
}
