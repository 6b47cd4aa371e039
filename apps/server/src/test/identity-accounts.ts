import type { DatabaseExecutor } from '../db/client.js';
import { identityAccounts } from '../db/schema/auth.js';

/** A verified account of the built-in provider written directly, with no password to hash, for tests of its factors. */
export async function insertTestIdentityAccount(
  db: DatabaseExecutor,
  values: { email: string; firstName: string; lastName: string },
): Promise<typeof identityAccounts.$inferSelect> {
  const [account] = await db
    .insert(identityAccounts)
    .values({ ...values, passwordHash: 'unused', emailVerifiedAt: new Date() })
    .returning();
  return account!;
}
