import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityAccounts, identityProviderRecords, serviceKeys } from '../../db/schema/auth.js';
import { bookmarks } from '../../db/schema/bookmarks.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { teamMembers, teams } from '../../db/schema/teams.js';
import { users } from '../../db/schema/users.js';
import { createIdentityAccount, signInWithPassword } from '../../idp/identity-accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestServiceKey, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { insertTestTeam } from '../../test/teams.js';
import { webDocument } from '../../test/web-documents.js';
import { pseudonymOf } from './account-deletion.service.js';

let testApp: TestApp;

const checkDeleteAccount = webDocument('CheckDeleteAccount');
const deleteAccount = webDocument('deleteAccount');

interface CheckResult {
  checkDeleteAccount: {
    success: boolean;
    errors: { code: string; message: string; teamFriendlyId: string | null; teamName: string | null }[];
  };
}
/** What the account page's deletion check tells `caller`. */
const deletionCheckOf = async (caller: { accessToken: string }) =>
  (await graphqlRequest<CheckResult>(testApp, { query: checkDeleteAccount, credential: caller.accessToken })).data!
    .checkDeleteAccount;

/** An account of the built-in provider with this address and password. */
const builtInAccount = (email: string, password: string) =>
  createIdentityAccount(testApp.database.db, { email, password, firstName: 'Built', lastName: 'In' });

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('checkDeleteAccount and deleteAccount', () => {
  it('list one error per team the user owns with other members, and refuse the deletion until ownership moves', async () => {
    const { db } = testApp.database;
    const owner = await signInTestUser(testApp);
    const colleague = await signInTestUser(testApp);
    const zebra = await insertTestTeam(db, {
      ownerId: owner.user.id,
      memberIds: [colleague.user.id],
      name: 'Zebra team',
    });
    const alpha = await insertTestTeam(db, {
      ownerId: owner.user.id,
      adminIds: [colleague.user.id],
      name: 'Alpha team',
    });
    await insertTestTeam(db, { ownerId: owner.user.id, name: 'Solo team' });
    await insertTestTeam(db, { ownerId: colleague.user.id, memberIds: [owner.user.id], name: 'Not owned' });

    const check = await deletionCheckOf(owner);
    expect(check).toEqual({
      success: false,
      errors: [
        {
          code: 'TEAM_MUST_HAVE_OWNER',
          message: expect.stringContaining('Alpha team') as string,
          teamFriendlyId: alpha.friendlyId,
          teamName: 'Alpha team',
        },
        {
          code: 'TEAM_MUST_HAVE_OWNER',
          message: expect.stringContaining('Zebra team') as string,
          teamFriendlyId: zebra.friendlyId,
          teamName: 'Zebra team',
        },
      ],
    });

    const refused = await graphqlRequest(testApp, { query: deleteAccount, credential: owner.accessToken });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'TEAM_MUST_HAVE_OWNER',
      errors: check.errors,
    });
    expect(await db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
    expect(await db.select().from(teams).where(eq(teams.name, 'Solo team'))).toHaveLength(1);

    for (const team of [alpha, zebra]) {
      await db.transaction(async (transaction) => {
        await transaction.update(teamMembers).set({ role: 'TeamAdmin' }).where(eq(teamMembers.teamId, team.id));
        await transaction
          .update(teamMembers)
          .set({ role: 'TeamOwner' })
          .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, colleague.user.id)));
      });
    }
    expect(await deletionCheckOf(owner)).toEqual({ success: true, errors: [] });
  });

  it('removes the user, their sole-member teams, memberships, bookmarks, keys and notifications, and pseudonymises the event log', async () => {
    const { db } = testApp.database;
    const leaver = await signInTestUser(testApp, { email: 'Leaver@Example.com' });
    const stayer = await signInTestUser(testApp);
    const soloTeam = await insertTestTeam(db, { ownerId: leaver.user.id, name: 'Solo' });
    const sharedTeam = await insertTestTeam(db, {
      ownerId: stayer.user.id,
      memberIds: [leaver.user.id],
      name: 'Shared',
    });
    await db.insert(bookmarks).values([
      { url: 'https://leaver.example/', name: 'Personal', ownerUserId: leaver.user.id },
      { url: 'https://team.example/', name: 'Team bookmark', teamId: sharedTeam.id },
    ]);
    await createTestServiceKey(testApp, leaver.user);
    await createNotification(db, { userId: leaver.user.id, type: 'TeamInvite', message: 'For the leaver' });
    await recordEvent(db, {
      eventType: 'team.joined',
      actor: { kind: 'user', user: leaver.user },
      payload: { note: 'hi' },
    });
    await recordEvent(db, {
      eventType: 'invite.created',
      actor: { kind: 'user', user: stayer.user },
      payload: { emails: ['leaver@example.com', 'other@example.com'] },
    });

    const response = await graphqlRequest<{ deleteAccount: boolean }>(testApp, {
      query: deleteAccount,
      credential: leaver.accessToken,
    });
    expect(response.errors).toBeUndefined();
    expect(response.data!.deleteAccount).toBe(true);

    expect(await db.select().from(users).where(eq(users.id, leaver.user.id))).toEqual([]);
    expect(await db.select().from(teams).where(eq(teams.id, soloTeam.id))).toEqual([]);
    expect(
      await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, sharedTeam.id)),
    ).toEqual([{ userId: stayer.user.id }]);
    expect((await db.select().from(bookmarks)).map((bookmark) => bookmark.name)).toEqual(['Team bookmark']);
    expect(await db.select().from(serviceKeys).where(eq(serviceKeys.userId, leaver.user.id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.userId, leaver.user.id))).toEqual([]);

    const pseudonym = pseudonymOf(leaver.user.id);
    const logs = await db.select().from(eventLogs);
    expect(JSON.stringify(logs).toLowerCase()).not.toContain('leaver@example.com');
    expect(logs.find((log) => log.eventType === 'team.joined')).toMatchObject({ userEmail: pseudonym, userId: null });
    expect(logs.find((log) => log.eventType === 'invite.created')!.payload).toEqual({
      emails: [pseudonym, 'other@example.com'],
    });
    expect(logs.find((log) => log.eventType === 'account.deleted')).toMatchObject({
      userEmail: pseudonym,
      userId: null,
      payload: { deletedTeamFriendlyIds: [soloTeam.friendlyId] },
    });

    const afterwards = await graphqlRequest(testApp, {
      query: 'query GetMe { me { id } }',
      credential: leaver.accessToken,
    });
    expect(afterwards.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHENTICATED' });
  });

  it('ASVS V7.4.2 – deletes the built-in sign-in account and its sessions, so the person cannot sign in as before', async () => {
    const { db } = testApp.database;
    const account = await builtInAccount('builtin@example.com', 'correct horse battery');
    const person = await signInTestUser(testApp, {
      identityIssuer: testApp.config.identity.issuer,
      identitySubject: account.id,
      email: account.email,
    });
    const otherAccount = await builtInAccount('other@example.com', 'another password!');
    await db.insert(identityProviderRecords).values([
      { model: 'Session', id: 'session-of-person', payload: { accountId: account.id } },
      { model: 'RefreshToken', id: 'refresh-of-person', payload: { accountId: account.id }, grantId: 'grant-1' },
      { model: 'Session', id: 'session-of-other', payload: { accountId: otherAccount.id } },
    ]);

    const response = await graphqlRequest(testApp, { query: deleteAccount, credential: person.accessToken });
    expect(response.errors).toBeUndefined();

    expect(await db.select().from(identityAccounts).where(eq(identityAccounts.id, account.id))).toEqual([]);
    expect(
      (await db.select({ id: identityProviderRecords.id }).from(identityProviderRecords)).map((record) => record.id),
    ).toEqual(['session-of-other']);
    expect(await signInWithPassword(db, { email: 'builtin@example.com', password: 'correct horse battery' })).toEqual({
      outcome: 'invalid-credentials',
    });
  });

  it('leaves a same-email built-in account alone when the user signs in with another provider', async () => {
    const { db } = testApp.database;
    const account = await builtInAccount('twin@example.com', 'twin password 1');
    const person = await signInTestUser(testApp, {
      identityIssuer: 'https://issuer.test',
      identitySubject: account.id,
      email: 'twin@example.com',
    });
    await graphqlRequest(testApp, { query: deleteAccount, credential: person.accessToken });
    expect(await db.select().from(users).where(eq(users.id, person.user.id))).toEqual([]);
    expect(await db.select().from(identityAccounts).where(eq(identityAccounts.id, account.id))).toHaveLength(1);
  });

  it('keeps the last system administrator until someone else is one', async () => {
    const { db } = testApp.database;
    await db.update(users).set({ isSystemAdmin: false }).where(eq(users.isSystemAdmin, true));
    const admin = await signInTestUser(testApp, { isSystemAdmin: true });
    expect(await deletionCheckOf(admin)).toEqual({
      success: false,
      errors: [
        {
          code: 'INVALID_CONTENT',
          message: expect.stringContaining('last system administrator') as string,
          teamFriendlyId: null,
          teamName: null,
        },
      ],
    });
    const refused = await graphqlRequest(testApp, { query: deleteAccount, credential: admin.accessToken });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_CONTENT' });
    expect(await db.select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(1);

    await signInTestUser(testApp, { isSystemAdmin: true });
    const deleted = await graphqlRequest(testApp, { query: deleteAccount, credential: admin.accessToken });
    expect(deleted.errors).toBeUndefined();
  });

  it('API5:2023 BFLA – is refused to a service key', async () => {
    const holder = await signInTestUser(testApp);
    const key = await createTestServiceKey(testApp, holder.user);
    for (const query of [checkDeleteAccount, deleteAccount]) {
      const response = await graphqlRequest(testApp, { query, credential: key });
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHORIZED' });
    }
    expect(await testApp.database.db.select().from(users).where(eq(users.id, holder.user.id))).toHaveLength(1);
  });
});
