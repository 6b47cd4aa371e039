import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../auth/access-tokens.js';
import { createSession } from '../../auth/sessions.js';
import { eventLogs } from '../../db/schema/events.js';
import type { UserRow } from '../../db/schema/users.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** Another sign-in of the same person, from another browser. */
async function signInAgain(user: UserRow, userAgent = 'Other browser') {
  const session = await createSession(testApp.database.db, {
    userId: user.id,
    identityIssuer: user.identityIssuer,
    userAgent,
    clientAddress: '203.0.113.9',
  });
  const { accessToken } = await (
    await createAccessTokens(testApp.database.db, testApp.config)
  ).issue({ userId: user.id, sessionId: session.id });
  return { sessionId: session.id, accessToken };
}

const me = (credential: string) => graphqlRequest(testApp, { query: '{ me { id } }', credential });

interface SessionAnswer {
  id: string;
  current: boolean;
  userAgent: string | null;
  clientAddress: string | null;
}

const mySessions = async (credential: string) =>
  (
    await graphqlRequest<{ mySessions: SessionAnswer[] }>(testApp, {
      query: '{ mySessions { id current userAgent clientAddress } }',
      credential,
    })
  ).data!.mySessions;

describe('mySessions, revokeSession, revokeOtherSessions', () => {
  it('lists this browser (current) and the others; revoking one refuses its next request only', async () => {
    const here = await signInTestUser(testApp);
    const there = await signInAgain(here.user);
    const sessions = await mySessions(here.accessToken);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((session) => session.id === here.sessionId)).toMatchObject({ current: true });
    expect(sessions.find((session) => session.id === there.sessionId)).toMatchObject({
      current: false,
      userAgent: 'Other browser',
      clientAddress: '203.0.113.9',
    });

    const revoked = await graphqlRequest(testApp, {
      query: 'mutation ($id: ID!) { revokeSession(id: $id) { id } }',
      variables: { id: there.sessionId },
      credential: here.accessToken,
    });
    expect(revoked.data).toEqual({ revokeSession: { id: there.sessionId } });
    expect(errorCodeOf(await me(there.accessToken))).toBe('AUTH_NOT_AUTHENTICATED');
    expect((await me(here.accessToken)).data).toEqual({ me: { id: here.user.id } });
    expect((await mySessions(here.accessToken)).map((session) => session.id)).toEqual([here.sessionId]);
    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'session.revoked'), eq(eventLogs.userId, here.user.id)));
    expect(events.map((event) => event.payload)).toEqual([
      { sessionId: there.sessionId, userId: here.user.id, isCurrent: false },
    ]);
  });

  it("API1:2023 BOLA – another person's session is NOT_FOUND and keeps working", async () => {
    const mallory = await signInTestUser(testApp);
    const victim = await signInTestUser(testApp);
    for (const id of [victim.sessionId, 'not-a-uuid']) {
      const attempt = await graphqlRequest(testApp, {
        query: 'mutation ($id: ID!) { revokeSession(id: $id) { id } }',
        variables: { id },
        credential: mallory.accessToken,
      });
      expect(errorCodeOf(attempt)).toBe('NOT_FOUND');
    }
    expect((await me(victim.accessToken)).data).toEqual({ me: { id: victim.user.id } });
  });

  it('signs out everywhere else: the other sessions end, this one stays', async () => {
    const here = await signInTestUser(testApp);
    const others = [await signInAgain(here.user), await signInAgain(here.user, 'Phone')];
    const answer = await graphqlRequest(testApp, {
      query: 'mutation { revokeOtherSessions }',
      credential: here.accessToken,
    });
    expect(answer.data).toEqual({ revokeOtherSessions: 2 });
    for (const other of others) expect(errorCodeOf(await me(other.accessToken))).toBe('AUTH_NOT_AUTHENTICATED');
    expect((await me(here.accessToken)).data).toEqual({ me: { id: here.user.id } });
  });
});

describe('userSessions, revokeUserSession (system administrators)', () => {
  it("lists a person's sessions and ends one, whose next request is refused", async () => {
    const admin = await signInTestUser(testApp, { isSystemAdmin: true });
    const person = await signInTestUser(testApp);
    const listed = await graphqlRequest<{ userSessions: { id: string; current: boolean }[] }>(testApp, {
      query: 'query ($userId: ID!) { userSessions(userId: $userId) { id current } }',
      variables: { userId: person.user.id },
      credential: admin.accessToken,
    });
    expect(listed.data!.userSessions).toEqual([{ id: person.sessionId, current: false }]);

    const revoked = await graphqlRequest(testApp, {
      query: 'mutation ($id: ID!) { revokeUserSession(id: $id) { id } }',
      variables: { id: person.sessionId },
      credential: admin.accessToken,
    });
    expect(revoked.data).toEqual({ revokeUserSession: { id: person.sessionId } });
    expect(errorCodeOf(await me(person.accessToken))).toBe('AUTH_NOT_AUTHENTICATED');

    const unknownUser = await graphqlRequest(testApp, {
      query: 'query ($userId: ID!) { userSessions(userId: $userId) { id } }',
      variables: { userId: crypto.randomUUID() },
      credential: admin.accessToken,
    });
    expect(errorCodeOf(unknownUser)).toBe('NOT_FOUND');
  });
});
