import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DatabaseExecutor } from '../db/client.js';
import { identityAccountTokens } from '../db/schema/auth.js';

export type AccountTokenPurpose = 'verify-email' | 'reset-password';

/** How long each kind of link works: a reset link is a key to the account, so it lives an hour. */
export const ACCOUNT_TOKEN_LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  'verify-email': 24 * 60,
  'reset-password': 60,
};

/** The set-password link of an account a system administrator created: a reset link that works for 7 days. */
export const SET_PASSWORD_LINK_LIFETIME_MINUTES = 7 * 24 * 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new single-use link token for the account; every earlier unused one of the same purpose stops
 * working, so only the newest mail's link does. Only the hash is stored. Pass a transaction to tie it to an
 * event; on its own, a failure between the two statements leaves no usable link, which is harmless.
 */
export async function issueAccountToken(
  db: DatabaseExecutor,
  {
    accountId,
    purpose,
    lifetimeMinutes = ACCOUNT_TOKEN_LIFETIME_MINUTES[purpose],
  }: {
    accountId: string;
    purpose: AccountTokenPurpose;
    /** Longer for the first password of an account an administrator created (the person may not read mail today). */
    lifetimeMinutes?: number;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await revokeAccountTokens(db, { accountId, purpose });
  await db.insert(identityAccountTokens).values({
    accountId,
    purpose,
    tokenHash: hashOf(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000),
  });
  return token;
}

const usable = (token: string, purpose: AccountTokenPurpose) =>
  and(
    eq(identityAccountTokens.tokenHash, hashOf(token)),
    eq(identityAccountTokens.purpose, purpose),
    isNull(identityAccountTokens.usedAt),
    gt(identityAccountTokens.expiresAt, new Date()),
  );

/** The account a still-usable token belongs to, without using it up (for the page that shows the form). */
export async function peekAccountToken(
  db: DatabaseExecutor,
  { token, purpose }: { token: string; purpose: AccountTokenPurpose },
): Promise<string | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({ accountId: identityAccountTokens.accountId })
    .from(identityAccountTokens)
    .where(usable(token, purpose));
  return row?.accountId;
}

/** Uses the token up (one statement, so two simultaneous uses cannot both succeed); answers its account. */
export async function consumeAccountToken(
  db: DatabaseExecutor,
  { token, purpose }: { token: string; purpose: AccountTokenPurpose },
): Promise<string | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .update(identityAccountTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, purpose))
    .returning({ accountId: identityAccountTokens.accountId });
  return row?.accountId;
}

/** Ends every unused token of that purpose, e.g. every reset link once the password was reset. */
export async function revokeAccountTokens(
  db: DatabaseExecutor,
  { accountId, purpose }: { accountId: string; purpose: AccountTokenPurpose },
): Promise<void> {
  await db
    .update(identityAccountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(identityAccountTokens.accountId, accountId),
        eq(identityAccountTokens.purpose, purpose),
        isNull(identityAccountTokens.usedAt),
      ),
    );
}

/** When the newest token of that purpose was issued, so a sign-in does not mail a new link every time. */
export async function lastAccountTokenIssuedAt(
  db: DatabaseExecutor,
  { accountId, purpose }: { accountId: string; purpose: AccountTokenPurpose },
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: identityAccountTokens.createdAt })
    .from(identityAccountTokens)
    .where(and(eq(identityAccountTokens.accountId, accountId), eq(identityAccountTokens.purpose, purpose)))
    .orderBy(desc(identityAccountTokens.createdAt))
    .limit(1);
  return row?.createdAt;
}
