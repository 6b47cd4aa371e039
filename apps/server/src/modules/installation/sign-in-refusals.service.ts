import { desc, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { signInRefusals } from '../../db/schema/sign-in-refusals.js';

/** How many refusals the installation panel keeps: enough to see a pattern, few enough to prune on insert. */
export const KEPT_SIGN_IN_REFUSALS = 20;
const DETAIL_MAX_LENGTH = 300;

export interface SignInRefusalRecord {
  refusedAt: Date;
  reason: string;
  detail: string;
  issuer: string;
  clientId: string;
}

/** Three base64url segments: a JWT (a compact JWS), whatever claim carried it into a message. */
const compactTokenPattern = /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g;
const emailPattern = /([^\s"'<>@,;:]{1,64})@([\w.-]+\.[a-z]{2,})/gi;

/**
 * A refusal's detail as kept for the panel: the messages quote claims of the provider's token, so an address is
 * shortened to its first character and domain and anything shaped like a token is left out.
 */
export function redactRefusalDetail(detail: string): string {
  const redacted = detail
    .replace(compactTokenPattern, '[token]')
    .replace(emailPattern, (_address, local: string, domain: string) => `${local.slice(0, 1)}…@${domain}`);
  return redacted.length > DETAIL_MAX_LENGTH ? `${redacted.slice(0, DETAIL_MAX_LENGTH - 1)}…` : redacted;
}

/** Keeps one refusal and prunes all but the newest {@link KEPT_SIGN_IN_REFUSALS}. */
export async function recordSignInRefusal(
  db: Database,
  refusal: Omit<SignInRefusalRecord, 'refusedAt'>,
): Promise<void> {
  await db.transaction(async (transaction) => {
    await transaction.insert(signInRefusals).values({ ...refusal, detail: redactRefusalDetail(refusal.detail) });
    const kept = transaction
      .select({ id: signInRefusals.id })
      .from(signInRefusals)
      .orderBy(desc(signInRefusals.refusedAt), desc(signInRefusals.id))
      .limit(KEPT_SIGN_IN_REFUSALS);
    await transaction.delete(signInRefusals).where(notInArray(signInRefusals.id, kept));
  });
}

/** The kept refusals, newest first. */
export async function listSignInRefusals(db: Database): Promise<SignInRefusalRecord[]> {
  return db
    .select({
      refusedAt: signInRefusals.refusedAt,
      reason: signInRefusals.reason,
      detail: signInRefusals.detail,
      issuer: signInRefusals.issuer,
      clientId: signInRefusals.clientId,
    })
    .from(signInRefusals)
    .orderBy(desc(signInRefusals.refusedAt), desc(signInRefusals.id))
    .limit(KEPT_SIGN_IN_REFUSALS);
}
