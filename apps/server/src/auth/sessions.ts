import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../db/client.js';
import { withCompiledRowMapper } from '../db/prepared-statements.js';
import { deletedIdentities, type SessionRow, sessions, usedIdentityTokens } from '../db/schema/sessions.js';
import { type UserRow, users } from '../db/schema/users.js';

/** A session's `lastSeenAt` is refreshed at most this often, so a busy browser does not write per request. */
export const SESSION_LAST_SEEN_INTERVAL_MS = 60_000;
/** Spent ID tokens past their expiry are deleted at most this often per process. */
const USED_TOKEN_PRUNE_INTERVAL_MS = 10 * 60_000;
/** Longer values are cut: they are shown to the person, not interpreted. */
const USER_AGENT_MAX_LENGTH = 512;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a sign-in records about how the person was authenticated and from where. */
export interface NewSession {
  userId: string;
  identityIssuer: string;
  authenticationMethods?: string[] | undefined;
  authenticationContext?: string | undefined;
  clientAddress?: string | undefined;
  userAgent?: string | undefined;
}

export async function createSession(db: DatabaseExecutor, session: NewSession): Promise<SessionRow> {
  const [created] = await db
    .insert(sessions)
    .values({
      userId: session.userId,
      identityIssuer: session.identityIssuer,
      authenticationMethods: session.authenticationMethods ?? null,
      authenticationContext: session.authenticationContext ?? null,
      clientAddress: session.clientAddress ?? null,
      userAgent: session.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .returning();
  return created!;
}

export interface SessionUser {
  user: UserRow;
  lastSeenAt: Date;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long an unused session lives (SESSION_IDLE_TIMEOUT_MINUTES). */
export interface SessionPolicy {
  idleTimeoutMinutes: number;
}

/** A session unused since before this is idle: refused like a revoked one. */
const activeSinceOf = ({ idleTimeoutMinutes }: SessionPolicy) => new Date(Date.now() - idleTimeoutMinutes * 60_000);

/**
 * The user of a live session (not revoked, used within the idle timeout) whose account is not suspended, for the
 * lookup behind every authenticated request: one named prepared statement joins the user to the session, so
 * checking the session, its idleness and the account costs no round trip of its own.
 */
export function prepareFindSessionUser(
  db: Database,
  policy: SessionPolicy,
): (claims: { userId: string; sessionId: string }) => Promise<SessionUser | undefined> {
  const statement = withCompiledRowMapper(
    db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt })
      .from(users)
      .innerJoin(
        sessions,
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, users.id),
          isNull(sessions.revokedAt),
          gt(sessions.lastSeenAt, sql.placeholder('activeSince')),
        ),
      )
      .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.suspendedAt)))
      .prepare('find_session_user'),
  );
  return async ({ userId, sessionId }) => {
    if (!uuidPattern.test(userId) || !uuidPattern.test(sessionId)) return undefined;
    const [row] = await statement.execute({ userId, sessionId, activeSince: activeSinceOf(policy).toISOString() });
    return row;
  };
}

/** `findSessionUser` without a prepared statement, for the rarer paths (refresh, sign-out) and transactions. */
export async function findSessionUser(
  db: DatabaseExecutor,
  { userId, sessionId }: { userId: string; sessionId: string },
  policy: SessionPolicy,
): Promise<SessionUser | undefined> {
  if (!uuidPattern.test(userId) || !uuidPattern.test(sessionId)) return undefined;
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(users)
    .innerJoin(
      sessions,
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, users.id),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, activeSinceOf(policy)),
      ),
    )
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)));
  return row;
}

/**
 * Refreshes sessions' `lastSeenAt` at most once per interval: the value read with the user decides, and this
 * process remembers what it has written, so a burst of requests writes once.
 */
export function createSessionToucher(db: DatabaseExecutor) {
  const touchedAt = new Map<string, number>();
  return (sessionId: string, lastSeenAt: Date): Promise<void> | undefined => {
    const now = Date.now();
    const since = Math.max(lastSeenAt.getTime(), touchedAt.get(sessionId) ?? 0);
    if (now - since < SESSION_LAST_SEEN_INTERVAL_MS) return undefined;
    touchedAt.delete(sessionId);
    // Enough for every session active within a minute on a busy replica; past it the oldest entries go first.
    if (touchedAt.size >= 10_000) touchedAt.delete(touchedAt.keys().next().value!);
    touchedAt.set(sessionId, now);
    return db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(now - SESSION_LAST_SEEN_INTERVAL_MS))))
      .then(() => undefined);
  };
}

/** Ends one session of the user; answers the ended row, or undefined when it was not theirs or already ended. */
export async function revokeSession(
  db: DatabaseExecutor,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<SessionRow | undefined> {
  if (!uuidPattern.test(sessionId)) return undefined;
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning();
  return revoked;
}

/**
 * Ends every session of the user except `exceptSessionId` (none: all), and refuses provider ID tokens issued until
 * now, so none of them opens a session again. For "sign out everywhere else", and for a password or factor change
 * made while signed in. Answers how many sessions ended.
 */
export async function endOtherSessions(
  db: DatabaseExecutor,
  options: { userId: string; exceptSessionId?: string | undefined },
): Promise<number> {
  return db.transaction((transaction) => endOtherSessionsInTransaction(transaction, options));
}

/** `endOtherSessions` inside the caller's transaction (a nested one would be a savepoint, another transaction id). */
export async function endOtherSessionsInTransaction(
  transaction: DatabaseExecutor,
  { userId, exceptSessionId }: { userId: string; exceptSessionId?: string | undefined },
): Promise<number> {
  const now = new Date();
  await transaction.update(users).set({ tokensValidAfter: now }).where(eq(users.id, userId));
  const ended = await transaction
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId && uuidPattern.test(exceptSessionId) ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * `endOtherSessions` for a change made at the identity provider, which knows the person by issuer and subject only
 * (the built-in provider's password reset): every session of the portal's user ends. Nothing happens for an
 * identity that has not signed in at the portal yet. Answers how many sessions ended.
 */
export async function endSessionsOfIdentity(
  db: DatabaseExecutor,
  { issuer, subject }: { issuer: string; subject: string },
): Promise<number> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.identityIssuer, issuer), eq(users.identitySubject, subject)));
  return user ? endOtherSessions(db, { userId: user.id }) : 0;
}

/** True when `user` refuses provider tokens issued at `issuedAt` (seconds, the `iat` claim). */
export function isIssuedBeforeTokensValid(user: Pick<UserRow, 'tokensValidAfter'>, issuedAt: number): boolean {
  // `iat` has whole seconds: a token of the very second of the change still counts as after it.
  return user.tokensValidAfter !== null && issuedAt < Math.floor(user.tokensValidAfter.getTime() / 1000);
}

let lastPrunedAt = 0;

/**
 * Records a provider ID token as exchanged; false when it was exchanged before (a replay). Kept until `expiresAt`,
 * after which the provider's own expiry refuses it.
 */
export async function spendIdentityToken(
  db: DatabaseExecutor,
  { idToken, expiresAt }: { idToken: string; expiresAt: Date },
): Promise<boolean> {
  if (Date.now() - lastPrunedAt > USED_TOKEN_PRUNE_INTERVAL_MS) {
    lastPrunedAt = Date.now();
    await db.delete(usedIdentityTokens).where(lt(usedIdentityTokens.expiresAt, new Date()));
  }
  const inserted = await db
    .insert(usedIdentityTokens)
    .values({ tokenHash: sha256(idToken), expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: usedIdentityTokens.tokenHash });
  return inserted.length === 1;
}

const identityHashOf = ({ issuer, subject }: { issuer: string; subject: string }) =>
  sha256(JSON.stringify([issuer, subject]));

/** Remembers that the identity's account was deleted; only a hash of issuer and subject is kept. */
export async function recordDeletedIdentity(
  db: DatabaseExecutor,
  identity: { issuer: string; subject: string },
): Promise<void> {
  await db
    .insert(deletedIdentities)
    .values({ identityHash: identityHashOf(identity) })
    .onConflictDoNothing();
}

export async function isDeletedIdentity(
  db: DatabaseExecutor,
  identity: { issuer: string; subject: string },
): Promise<boolean> {
  const [row] = await db
    .select({ identityHash: deletedIdentities.identityHash })
    .from(deletedIdentities)
    .where(eq(deletedIdentities.identityHash, identityHashOf(identity)));
  return row !== undefined;
}
