import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseExecutor } from '../db/client.js';
import { identityAccounts, identityProviderRecords } from '../db/schema/auth.js';
import { AppError } from '../errors.js';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './passwords.js';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_FAILED_SIGN_INS = 10;
export const LOCKOUT_MINUTES = 15;

export type IdentityAccountRow = typeof identityAccounts.$inferSelect;

export const signUpInputSchema = z.object({
  email: z.email({ message: 'Enter a valid email address.' }).trim().max(254),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { message: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.` })
    .max(1024, { message: 'The password is too long.' }),
  firstName: z.string().trim().min(1, { message: 'Enter your first name.' }).max(100),
  lastName: z.string().trim().min(1, { message: 'Enter your last name.' }).max(100),
});

export type SignUpInput = z.infer<typeof signUpInputSchema>;

export async function createIdentityAccount(db: DatabaseExecutor, input: SignUpInput): Promise<IdentityAccountRow> {
  const passwordHash = await hashPassword(input.password);
  const [account] = await db
    .insert(identityAccounts)
    .values({ email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName })
    .onConflictDoNothing()
    .returning();
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
    .where(sql`lower(${identityAccounts.email}) = ${email.trim().toLowerCase()}`);
  return account;
}

/**
 * Removes a built-in account with every session, grant and token the provider holds for it, so the person
 * is signed out everywhere and cannot sign in with it again. Pass a transaction to tie it to other changes.
 */
export async function deleteIdentityAccount(db: DatabaseExecutor, accountId: string): Promise<void> {
  if (!z.uuid().safeParse(accountId).success) return;
  await db.delete(identityProviderRecords).where(sql`${identityProviderRecords.payload}->>'accountId' = ${accountId}`);
  await db.delete(identityAccounts).where(eq(identityAccounts.id, accountId));
}

export type SignInResult =
  | { outcome: 'signed-in'; account: IdentityAccountRow }
  | { outcome: 'invalid-credentials' }
  | { outcome: 'locked'; lockedUntil: Date };

/**
 * Checks an email and password. Wrong passwords are counted; the tenth in a row locks the account
 * for fifteen minutes, during which even the right password is refused.
 */
export async function signInWithPassword(
  db: DatabaseExecutor,
  { email, password }: { email: string; password: string },
): Promise<SignInResult> {
  const account = await findIdentityAccountByEmail(db, email);
  if (!account) {
    await spendPasswordCheckTime(password);
    return { outcome: 'invalid-credentials' };
  }
  if (account.lockedUntil && account.lockedUntil > new Date()) {
    return { outcome: 'locked', lockedUntil: account.lockedUntil };
  }
  if (await verifyPassword(password, account.passwordHash)) {
    if (account.failedSignIns > 0 || account.lockedUntil) {
      await db
        .update(identityAccounts)
        .set({ failedSignIns: 0, lockedUntil: null })
        .where(eq(identityAccounts.id, account.id));
    }
    return { outcome: 'signed-in', account };
  }
  // One statement, so concurrent failures are all counted.
  const [updated] = await db
    .update(identityAccounts)
    .set({
      failedSignIns: sql`case when ${identityAccounts.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS} then 0 else ${identityAccounts.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${identityAccounts.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS} then now() + make_interval(mins => ${LOCKOUT_MINUTES}) else null end`,
    })
    .where(eq(identityAccounts.id, account.id))
    .returning({ lockedUntil: identityAccounts.lockedUntil });
  return updated?.lockedUntil
    ? { outcome: 'locked', lockedUntil: updated.lockedUntil }
    : { outcome: 'invalid-credentials' };
}
