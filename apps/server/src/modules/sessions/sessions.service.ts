import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { endOtherSessionsInTransaction, revokeSession } from '../../auth/sessions.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { type SessionRow, sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';

/**
 * Sessions are a person's own business: a service key (which has no session) may not list or end them, whoever its
 * user is. Checked here as well as in the schema's scopes, so no other entry point forgets it.
 */
function requireSignedInPerson(actor: Actor): Actor & { kind: 'user' } {
  if (actor.kind !== 'user') throw new AppError('AUTH_NOT_AUTHORIZED', 'Service keys cannot manage sessions.');
  return actor;
}

function requireSystemAdmin(actor: Actor): Actor & { kind: 'user' } {
  const person = requireSignedInPerson(actor);
  if (!person.user.isSystemAdmin) throw new AppError('AUTH_NOT_AUTHORIZED', 'System administrators only.');
  return person;
}

const sessionNotFound = () => new AppError('NOT_FOUND', 'Session not found.');
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** A user's sessions that have not ended, most recently used first. */
async function listActiveSessions(db: DatabaseExecutor, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** `mySessions`: the caller's sessions that have not ended (their own among them). */
export async function listMySessions(db: DatabaseExecutor, { actor }: { actor: Actor }): Promise<SessionRow[]> {
  return listActiveSessions(db, requireSignedInPerson(actor).user.id);
}

/** `revokeSession`: ends one of the caller's sessions (their own current one too: that signs them out). */
export async function revokeMySession(
  db: DatabaseExecutor,
  { actor, sessionId }: { actor: Actor; sessionId: string },
): Promise<SessionRow> {
  const person = requireSignedInPerson(actor);
  if (!isUuid(sessionId)) throw sessionNotFound();
  return db.transaction(async (transaction) => {
    const revoked = await revokeSession(transaction, { userId: person.user.id, sessionId });
    if (!revoked) throw sessionNotFound();
    await recordEvent(transaction, {
      eventType: 'session.revoked',
      actor,
      payload: { sessionId, userId: person.user.id, isCurrent: sessionId === person.sessionId },
    });
    return revoked;
  });
}

/** `revokeOtherSessions`: "sign out everywhere else". Answers how many sessions ended. */
export async function revokeMyOtherSessions(db: DatabaseExecutor, { actor }: { actor: Actor }): Promise<number> {
  const person = requireSignedInPerson(actor);
  // Without a session of its own the caller would end every session, its own browser's too: not what was asked.
  if (!person.sessionId) throw new AppError('AUTH_NOT_AUTHORIZED', 'Sign in again to end your other sessions.');
  return db.transaction(async (transaction) => {
    const ended = await endOtherSessionsInTransaction(transaction, {
      userId: person.user.id,
      exceptSessionId: person.sessionId,
    });
    await recordEvent(transaction, {
      eventType: 'session.revoked',
      actor,
      payload: { userId: person.user.id, allExceptSessionId: person.sessionId, count: ended },
    });
    return ended;
  });
}

/** `userSessions` (system administrators): a person's sessions that have not ended. */
export async function listUserSessions(
  db: DatabaseExecutor,
  { actor, userId }: { actor: Actor; userId: string },
): Promise<SessionRow[]> {
  requireSystemAdmin(actor);
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', 'User not found.');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  return listActiveSessions(db, userId);
}

/** `revokeUserSession` (system administrators): ends any person's session; their next request is refused. */
export async function revokeUserSession(
  db: DatabaseExecutor,
  { actor, sessionId }: { actor: Actor; sessionId: string },
): Promise<SessionRow> {
  requireSystemAdmin(actor);
  if (!isUuid(sessionId)) throw sessionNotFound();
  return db.transaction(async (transaction) => {
    const [session] = await transaction
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    const revoked = session && (await revokeSession(transaction, { userId: session.userId, sessionId }));
    if (!revoked) throw sessionNotFound();
    await recordEvent(transaction, {
      eventType: 'session.revoked',
      actor,
      payload: { sessionId, userId: revoked.userId, byAdministrator: true },
    });
    return revoked;
  });
}
