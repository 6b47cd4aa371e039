import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseExecutor } from '../db/client.js';
import { identityAccounts, identityProviderRecords, signInFailures } from '../db/schema/auth.js';
import { AppError } from '../errors.js';
import { normaliseEmail } from '@dxp/contracts/email-address';
import { revokeAccountTokens } from './account-tokens.js';
import { MAX_PASSWORD_LENGTH, passwordProblem } from './password-policy.js';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './passwords.js';

/** Failed sign-ins for one email address from one client address before it has to wait (NIST SP 800-63B §5.2.2). */
export const MAX_FAILED_SIGN_INS = 10;
export const SIGN_IN_FAILURE_WINDOW_MINUTES = 15;

export type IdentityAccountRow = typeof identityAccounts.$inferSelect;

/** The shape of the sign-up form; the password's strength is checked apart (`parseSignUp`), as it needs the names. */
const signUpFieldsSchema = z.object({
  email: z
    .email({ message: 'Enter a valid email address.' })
    .trim()
    .max(254, { message: 'Use at most 254 characters.' }),
  password: z.string(),
  firstName: z
    .string()
    .trim()
    .min(1, { message: 'Enter your first name.' })
    .max(100, { message: 'Use at most 100 characters.' }),
  lastName: z
    .string()
    .trim()
    .min(1, { message: 'Enter your last name.' })
    .max(100, { message: 'Use at most 100 characters.' }),
});

export type SignUpInput = z.infer<typeof signUpFieldsSchema>;

/** The sign-up form (or the command line's create-user) checked: one message per field, in the form's words. */
export async function parseSignUp(
  values: Record<string, unknown>,
): Promise<{ success: true; data: SignUpInput } | { success: false; fields: Record<string, string> }> {
  const parsed = signUpFieldsSchema.safeParse(values);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const passwordMessage = await passwordProblem(text(values.password), [
    text(values.email),
    text(values.firstName),
    text(values.lastName),
  ]);
  if (passwordMessage) fields.password = passwordMessage;
  if (!parsed.success || passwordMessage) return { success: false, fields };
  return { success: true, data: parsed.data };
}

/** Arbitrary constant: serialises sign-ups so exactly one is the installation's first account. */
const ACCOUNT_CREATION_LOCK_ID = 7_419_102;

export type RegistrationResult =
  | { outcome: 'created'; account: IdentityAccountRow; isFirstAccount: boolean }
  | { outcome: 'taken'; account: IdentityAccountRow };

/**
 * Creates an unverified account, or finds the account that already has the address (the caller answers both
 * alike). The installation's very first account is verified at once: whoever runs `npm start` signs up first,
 * before any mail can be set up (docs/decisions/0119-proven-email-built-in-provider.md).
 */
export async function registerIdentityAccount(db: DatabaseExecutor, input: SignUpInput): Promise<RegistrationResult> {
  // Hashed in both cases, so a taken address takes as long as a new one.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK_ID})`);
    const existing = await findIdentityAccountByEmail(transaction, input.email);
    if (existing) return { outcome: 'taken', account: existing };
    const [anyAccount] = await transaction.select({ id: identityAccounts.id }).from(identityAccounts).limit(1);
    const isFirstAccount = !anyAccount;
    const [account] = await transaction
      .insert(identityAccounts)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        emailVerifiedAt: isFirstAccount ? new Date() : null,
      })
      .returning();
    return { outcome: 'created', account: account!, isFirstAccount };
  });
}

/**
 * Creates an account for the command line; an address already in use is DUPLICATE_VALUE. Whoever runs the
 * command vouches for the address, so it is verified.
 */
export async function createIdentityAccount(db: DatabaseExecutor, input: SignUpInput): Promise<IdentityAccountRow> {
  return insertNewAccount(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    emailVerifiedAt: new Date(),
  });
}

/**
 * Creates an account for a person a system administrator adds: unverified, with a random password nobody knows,
 * until the person chooses one from the set-password link (which also proves the address). An address already in
 * use is DUPLICATE_VALUE.
 */
export async function createAccountWithoutPassword(
  db: DatabaseExecutor,
  input: { email: string; firstName: string; lastName: string },
): Promise<IdentityAccountRow> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return insertNewAccount(db, { ...input, passwordHash, emailVerifiedAt: null });
}

/** Inserts an account; an address already in use is DUPLICATE_VALUE (the unique index decides a race). */
async function insertNewAccount(
  db: DatabaseExecutor,
  values: typeof identityAccounts.$inferInsert,
): Promise<IdentityAccountRow> {
  const [account] = await db.insert(identityAccounts).values(values).onConflictDoNothing().returning();
  if (!account) {
    throw new AppError('DUPLICATE_VALUE', 'An account with this email address already exists.', { field: 'email' });
  }
  return account;
}

export async function findIdentityAccountById(
  db: DatabaseExecutor,
  id: string,
): Promise<IdentityAccountRow | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [account] = await db.select().from(identityAccounts).where(eq(identityAccounts.id, id));
  return account;
}

export async function findIdentityAccountByEmail(
  db: DatabaseExecutor,
  email: string,
): Promise<IdentityAccountRow | undefined> {
  const [account] = await db
    .select()
    .from(identityAccounts)
    .where(sql`lower(${identityAccounts.email}) = ${normaliseEmail(email)}`);
  return account;
}

/** The address is proven (a verification or reset link was opened); answers whether it was not before. */
export async function markIdentityEmailVerified(db: DatabaseExecutor, accountId: string): Promise<boolean> {
  const updated = await db
    .update(identityAccounts)
    .set({ emailVerifiedAt: new Date() })
    .where(sql`${identityAccounts.id} = ${accountId} and ${identityAccounts.emailVerifiedAt} is null`)
    .returning({ id: identityAccounts.id });
  await revokeAccountTokens(db, { accountId, purpose: 'verify-email' });
  return updated.length > 0;
}

/** Ends every session, grant and token the provider holds for the account: it must sign in again. */
export async function endProviderSessions(db: DatabaseExecutor, accountId: string): Promise<void> {
  await db.delete(identityProviderRecords).where(sql`${identityProviderRecords.payload}->>'accountId' = ${accountId}`);
}

/**
 * Sets a new password (already checked against the policy): every reset link stops working and every
 * session of the provider ends, so whoever knew the old password is out. Call it in a transaction.
 */
export async function setIdentityPassword(
  db: DatabaseExecutor,
  { accountId, password }: { accountId: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.update(identityAccounts).set({ passwordHash }).where(eq(identityAccounts.id, accountId));
  await revokeAccountTokens(db, { accountId, purpose: 'reset-password' });
  await endProviderSessions(db, accountId);
}

/**
 * Removes a built-in account with every session, grant and token the provider holds for it, so the person
 * is signed out everywhere and cannot sign in with it again. Pass a transaction to tie it to other changes.
 */
export async function deleteIdentityAccount(db: DatabaseExecutor, accountId: string): Promise<void> {
  if (!z.uuid().safeParse(accountId).success) return;
  await endProviderSessions(db, accountId);
  await db.delete(identityAccounts).where(eq(identityAccounts.id, accountId));
}

export type SignInResult =
  | { outcome: 'signed-in'; account: IdentityAccountRow }
  | { outcome: 'invalid-credentials' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/** The counter of one email address from one client address; hashed, so the table holds neither. */
function failureKeyOf(email: string, clientAddress: string): string {
  return createHash('sha256')
    .update(`${normaliseEmail(email)}\n${clientAddress}`)
    .digest('base64url');
}

/**
 * Checks an email and password. Failures are counted per email address and client address: after
 * MAX_FAILED_SIGN_INS in SIGN_IN_FAILURE_WINDOW_MINUTES that pair waits for the window to end, whether
 * the address has an account or not. Guessing from one network slows down; the owner, from theirs, is
 * never locked out by it (the per-address route limit bounds guessing many accounts from one network).
 */
export async function signInWithPassword(
  db: DatabaseExecutor,
  {
    email,
    password,
    clientAddress = 'none',
  }: {
    email: string;
    password: string;
    /** The client's network address; left out where no network is involved (the command line, tests). */
    clientAddress?: string;
  },
): Promise<SignInResult> {
  const key = failureKeyOf(email, clientAddress);
  const windowStart = new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000);
  const [failures] = await db.select().from(signInFailures).where(eq(signInFailures.key, key));
  if (failures && failures.windowStartedAt > windowStart && failures.failures >= MAX_FAILED_SIGN_INS) {
    const retryAfterMs = failures.windowStartedAt.getTime() - windowStart.getTime();
    return { outcome: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }
  const account = await findIdentityAccountByEmail(db, email);
  const isCorrect =
    account && password.length <= MAX_PASSWORD_LENGTH * 4
      ? await verifyPassword(password, account.passwordHash)
      : (await spendPasswordCheckTime(password), false);
  if (account && isCorrect) {
    if (failures) await db.delete(signInFailures).where(eq(signInFailures.key, key));
    return { outcome: 'signed-in', account };
  }
  // One statement, so concurrent failures are all counted; a window that has ended starts again.
  const now = new Date();
  await db
    .insert(signInFailures)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.windowStartedAt} > ${windowStart.toISOString()}::timestamptz then ${signInFailures.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} > ${windowStart.toISOString()}::timestamptz then ${signInFailures.windowStartedAt} else ${now.toISOString()}::timestamptz end`,
      },
    });
  return { outcome: 'invalid-credentials' };
}

/** Forgets failure counters whose window has ended (run with the provider's hourly purge). */
export async function purgeSignInFailures(db: DatabaseExecutor): Promise<void> {
  await db
    .delete(signInFailures)
    .where(lt(signInFailures.windowStartedAt, new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000)));
}
