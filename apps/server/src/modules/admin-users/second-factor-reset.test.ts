import { and, desc, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { passkeys } from '../../db/schema/passkeys.js';
import { recoveryCodes, totpFactors } from '../../db/schema/second-factors.js';
import { sessions } from '../../db/schema/sessions.js';
import { confirmTotpEnrolment, pendingSecondFactor, startTotpEnrolment } from '../../idp/second-factors.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signInBuiltInTestUser } from '../../test/built-in-sign-in.js';
import { createTestServiceKey, errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import type { SignedInUser } from '../../test/graphql.js';
import { registerTestPasskey } from '../../test/software-authenticator.js';

/**
 * A system administrator resets the second factors of a person who lost them (docs/decisions/0132): the app, its
 * recovery codes and every passkey go, every session of the person ends, the event log and the person are told.
 */
let testApp: TestApp;
let systemAdmin: SignedInUser;
beforeAll(async () => {
  testApp = await createTestApp();
  systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true, email: 'reset-admin@admin.test' });
});
afterAll(async () => {
  await testApp.close();
});

const status =
  'query ($id: ID!) { userSecondFactors(userId: $id) { managedHere totpEnabled recoveryCodesLeft passkeyCount } }';
const reset =
  'mutation ($id: ID!) { resetSecondFactors(userId: $id) { managedHere totpEnabled recoveryCodesLeft passkeyCount } }';

const graphql = (credential: string, query: string, variables: Record<string, unknown>) =>
  graphqlRequest<Record<string, Record<string, unknown>>>(testApp, { query, variables, credential });

/** A built-in person with an authenticator app, its recovery codes, two passkeys and a second session. */
async function personWithFactors() {
  const person = await signInBuiltInTestUser(testApp, 'a lost phone passphrase');
  const accountId = person.user.identitySubject;
  const enrolment = (await startTotpEnrolment(testApp.database.db, { accountId, email: person.user.email }))!;
  await confirmTotpEnrolment(testApp.database.db, {
    accountId,
    code: new TOTP({ secret: Secret.fromBase32(enrolment.secret) }).generate(),
  });
  const { publicUrl } = testApp.config;
  await registerTestPasskey(testApp.database.db, { publicUrl, accountId, name: 'Phone' });
  await registerTestPasskey(testApp.database.db, { publicUrl, accountId, name: 'Laptop' });
  await createSession(testApp.database.db, { userId: person.user.id, identityIssuer: person.user.identityIssuer });
  return { person, accountId };
}

describe('an administrator resets a person’s second factors', () => {
  it('shows them, then removes the app, recovery codes and passkeys, ends every session, logs and notifies', async () => {
    const { person, accountId } = await personWithFactors();
    const before = await graphql(systemAdmin.accessToken, status, { id: person.user.id });
    expect(before.data).toEqual({
      userSecondFactors: { managedHere: true, totpEnabled: true, recoveryCodesLeft: 10, passkeyCount: 2 },
    });

    const answer = await graphql(systemAdmin.accessToken, reset, { id: person.user.id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      resetSecondFactors: { managedHere: true, totpEnabled: false, recoveryCodesLeft: 0, passkeyCount: 0 },
    });

    const db = testApp.database.db;
    expect(await db.select().from(totpFactors).where(eq(totpFactors.accountId, accountId))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, accountId))).toEqual([]);
    expect(await db.select().from(passkeys).where(eq(passkeys.accountId, accountId))).toEqual([]);
    // The next sign-in asks for the password alone (or the enrolment MFA_POLICY asks for).
    expect(await pendingSecondFactor(db, accountId)).toBeUndefined();

    const open = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, person.user.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    expect(errorCodeOf(await graphql(person.accessToken, '{ me { id } }', {}))).toBe('AUTH_NOT_AUTHENTICATED');

    const [event] = await db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.eventType, 'user.second-factors-reset'))
      .orderBy(desc(eventLogs.date))
      .limit(1);
    expect(event).toMatchObject({
      userId: systemAdmin.user.id,
      payload: {
        userId: person.user.id,
        email: person.user.email,
        removed: { totp: true, recoveryCodes: 10, passkeys: 2 },
        endedSessions: 2,
      },
    });
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.user.id), eq(notifications.type, 'AccountSecurity')))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(notice!.message).toContain('An administrator reset your two-factor authentication');
  });

  it('is for system administrators only, and not for their own account', async () => {
    const { person, accountId } = await personWithFactors();
    const member = await signInTestUser(testApp);
    const serviceKey = await createTestServiceKey(testApp, systemAdmin.user);
    for (const credential of [member.accessToken, serviceKey, person.accessToken]) {
      expect(errorCodeOf(await graphql(credential, reset, { id: person.user.id }))).toBe('AUTH_NOT_AUTHORIZED');
      expect(errorCodeOf(await graphql(credential, status, { id: person.user.id }))).toBe('AUTH_NOT_AUTHORIZED');
    }
    expect(await testApp.database.db.select().from(passkeys).where(eq(passkeys.accountId, accountId))).toHaveLength(2);
    const own = await graphql(systemAdmin.accessToken, reset, { id: systemAdmin.user.id });
    expect(errorCodeOf(own)).toBe('INVALID_CONTENT');
  });

  it('answers NOT_FOUND for an unknown person, and nothing to manage for one of an external provider', async () => {
    const unknown = await graphql(systemAdmin.accessToken, reset, { id: '00000000-0000-4000-8000-000000000000' });
    expect(errorCodeOf(unknown)).toBe('NOT_FOUND');
    const external = await signInTestUser(testApp);
    const shown = await graphql(systemAdmin.accessToken, status, { id: external.user.id });
    expect(shown.data).toEqual({
      userSecondFactors: { managedHere: false, totpEnabled: false, recoveryCodesLeft: 0, passkeyCount: 0 },
    });
    const refused = await graphql(systemAdmin.accessToken, reset, { id: external.user.id });
    expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');
    expect(refused.errors![0]!.message).toContain('identity provider');
  });
});
