import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../auth/actor.js';
import { eventLogs } from '../../db/schema/events.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { insertTestUser } from '../../test/users.js';
import { insertTestTeam } from '../../test/teams.js';
import { webDocument, webDocumentSelecting } from '../../test/web-documents.js';
import { updateUser } from './admin-users.service.js';

let testApp: TestApp;
let systemAdmin: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp();
  systemAdmin = await signInTestUser(testApp, {
    isSystemAdmin: true,
    firstName: 'Sys',
    lastName: 'Admin',
    email: 'sys@admin.test',
  });
  const { db } = testApp.database;
  await insertTestUser(db, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@analytical.test' });
  await insertTestUser(db, { firstName: 'Ada', lastName: 'Byron', email: 'countess@analytical.test' });
  await insertTestUser(db, { firstName: 'Ada', lastName: 'Byron', email: 'another.ada@example.test' });
  await insertTestUser(db, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.test' });
  await insertTestUser(db, { firstName: 'Charles', lastName: 'Babbage', email: 'charles@lovelace-fans.test' });
});
afterAll(async () => {
  await testApp.close();
});

// The people page's own list, with the count of matches a test also reads.
const allUsersQuery = webDocumentSelecting('GetAllUsers', { pageInfo: 'totalCount' });
interface AllUsersData {
  allUsers: {
    nodes: { id: string; firstName: string; lastName: string; email: string }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    totalCount: number;
  };
}

describe('allUsers', () => {
  it('finds users by part of the email, first or last name, ignoring case', async () => {
    const response = await graphqlRequest<AllUsersData>(testApp, {
      query: allUsersQuery,
      variables: { search: 'LOVELACE' },
      credential: systemAdmin.accessToken,
    });
    expect(response.data!.allUsers.nodes.map((user) => user.email)).toEqual([
      'ada@analytical.test',
      'charles@lovelace-fans.test',
    ]);
    const byFirstName = await graphqlRequest<AllUsersData>(testApp, {
      query: allUsersQuery,
      variables: { search: 'grac' },
      credential: systemAdmin.accessToken,
    });
    expect(byFirstName.data!.allUsers.nodes.map((user) => user.lastName)).toEqual(['Hopper']);
  });

  it('treats % and _ in the search literally', async () => {
    const response = await graphqlRequest<AllUsersData>(testApp, {
      query: allUsersQuery,
      variables: { search: '%' },
      credential: systemAdmin.accessToken,
    });
    expect(response.data!.allUsers.totalCount).toBe(0);
  });

  it('orders by first name, last name and email and pages with cursors', async () => {
    const first = await graphqlRequest<AllUsersData>(testApp, {
      query: allUsersQuery,
      variables: { search: 'ada', first: 2 },
      credential: systemAdmin.accessToken,
    });
    const second = await graphqlRequest<AllUsersData>(testApp, {
      query: allUsersQuery,
      variables: { search: 'ada', first: 2, after: first.data!.allUsers.pageInfo.endCursor },
      credential: systemAdmin.accessToken,
    });
    expect(first.data!.allUsers.pageInfo.hasNextPage).toBe(true);
    expect([...first.data!.allUsers.nodes, ...second.data!.allUsers.nodes].map((user) => user.email)).toEqual([
      'another.ada@example.test',
      'countess@analytical.test',
      'ada@analytical.test',
    ]);
    expect(second.data!.allUsers.pageInfo.hasNextPage).toBe(false);
  });
});

describe('userById', () => {
  const query = webDocument('GetUserById');

  it('returns the user, and NOT_FOUND for an unknown or malformed id', async () => {
    const found = await graphqlRequest(testApp, {
      query,
      variables: { userId: systemAdmin.user.id },
      credential: systemAdmin.accessToken,
    });
    expect(found.data).toMatchObject({
      userById: { id: systemAdmin.user.id, email: 'sys@admin.test', isSystemAdmin: true },
    });
    for (const userId of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await graphqlRequest(testApp, {
        query,
        variables: { userId },
        credential: systemAdmin.accessToken,
      });
      expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });
});

describe('userById { teams }', () => {
  it("shows another user's teams with their role, disabled ones included, to a system administrator", async () => {
    const { db } = testApp.database;
    const colleague = await insertTestUser(db, { firstName: 'Team', lastName: 'Player' });
    const other = await insertTestUser(db);
    const owned = await insertTestTeam(db, { ownerId: colleague.id, name: 'Zeta owned' });
    const joined = await insertTestTeam(db, { ownerId: other.id, memberIds: [colleague.id], name: 'Alpha joined' });
    const disabled = await insertTestTeam(db, {
      ownerId: other.id,
      adminIds: [colleague.id],
      name: 'Mu disabled',
      enabled: false,
    });
    await insertTestTeam(db, { ownerId: other.id, name: 'Not theirs' });

    const response = await graphqlRequest<{
      userById: { teams: { friendlyId: string; roleName: string; enabled: boolean }[] };
    }>(testApp, {
      query: webDocument('GetUserById'),
      variables: { userId: colleague.id },
      credential: systemAdmin.accessToken,
    });
    expect(response.errors).toBeUndefined();
    expect(response.data!.userById.teams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          friendlyId: owned.friendlyId,
          name: 'Zeta owned',
          roleName: 'TeamOwner',
          enabled: true,
        }),
        expect.objectContaining({
          friendlyId: joined.friendlyId,
          name: 'Alpha joined',
          roleName: 'TeamMember',
          enabled: true,
        }),
        expect.objectContaining({
          friendlyId: disabled.friendlyId,
          name: 'Mu disabled',
          roleName: 'TeamAdmin',
          enabled: false,
        }),
      ]),
    );
    expect(response.data!.userById.teams).toHaveLength(3);
  });
});

describe('updateUser', () => {
  const mutation = webDocument('UpdateUser');

  it('changes names, phone, billing customer and admin rights, keeps omitted fields, and logs user.updated', async () => {
    const target = await insertTestUser(testApp.database.db, {
      firstName: 'Old',
      lastName: 'Name',
      primaryPhone: '+44 20 7946 0000',
    });
    const response = await graphqlRequest(testApp, {
      query: mutation,
      variables: { userInput: { id: target.id, firstName: ' New ', isSystemAdmin: true, ordwayCustomerId: 'C-100' } },
      credential: systemAdmin.accessToken,
    });
    expect(response.data).toEqual({
      updateUser: {
        id: target.id,
        firstName: 'New',
        lastName: 'Name',
        primaryPhone: '+44 20 7946 0000',
        isSystemAdmin: true,
        ordwayCustomerId: 'C-100',
      },
    });
    const cleared = await graphqlRequest(testApp, {
      query: mutation,
      variables: { userInput: { id: target.id, primaryPhone: '', ordwayCustomerId: null } },
      credential: systemAdmin.accessToken,
    });
    expect(cleared.data).toMatchObject({
      updateUser: { primaryPhone: null, ordwayCustomerId: null, firstName: 'New' },
    });
    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'user.updated'), eq(eventLogs.userId, systemAdmin.user.id)))
      .orderBy(eventLogs.date);
    expect(events.map((event) => event.payload)).toEqual([
      {
        userId: target.id,
        email: target.email,
        changes: { firstName: 'New', ordwayCustomerId: 'C-100', isSystemAdmin: true },
      },
      { userId: target.id, email: target.email, changes: { primaryPhone: null, ordwayCustomerId: null } },
    ]);
  });

  it('refuses invalid values with field messages and changes nothing', async () => {
    const target = await insertTestUser(testApp.database.db);
    const response = await graphqlRequest(testApp, {
      query: mutation,
      variables: { userInput: { id: target.id, firstName: '   ', primaryPhone: 'call me' } },
      credential: systemAdmin.accessToken,
    });
    expect(response.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_REQUEST',
      // The profile's phone rule (packages/contracts), one message per broken rule.
      fields: {
        firstName: ['Enter a name.'],
        primaryPhone: ['Use digits, spaces and + ( ) . - only.', 'Enter 7 to 15 digits.'],
      },
    });
    const [unchanged] = await testApp.database.db.select().from(users).where(eq(users.id, target.id));
    expect(unchanged!.firstName).toBe('Test');
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    const response = await graphqlRequest(testApp, {
      query: mutation,
      variables: { userInput: { id: '00000000-0000-4000-8000-000000000000', firstName: 'X' } },
      credential: systemAdmin.accessToken,
    });
    expect(response.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('the last system administrator', () => {
  it('cannot be demoted, even by two administrators demoting each other at once', async () => {
    const lone = await createTestApp();
    try {
      const { db } = lone.database;
      const asActor = (user: UserRow): Actor => ({ kind: 'user', user });
      let remaining = await insertTestUser(db, { isSystemAdmin: true });
      // Repeated, so the two transactions really overlap on a real server at least once.
      for (let round = 0; round < 10; round++) {
        const newcomer = await insertTestUser(db, { isSystemAdmin: true });
        const results = await Promise.allSettled([
          updateUser(db, { actor: asActor(remaining), input: { id: newcomer.id, isSystemAdmin: false } }),
          updateUser(db, { actor: asActor(newcomer), input: { id: remaining.id, isSystemAdmin: false } }),
        ]);
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        const [refusal] = results.filter((result) => result.status === 'rejected');
        expect(refusal!.reason).toMatchObject({
          code: 'INVALID_CONTENT',
          message: expect.stringContaining('last active system administrator') as string,
        });
        const admins = await db.select().from(users).where(eq(users.isSystemAdmin, true));
        expect(admins).toHaveLength(1);
        remaining = admins[0]!;
      }

      await expect(
        updateUser(db, { actor: asActor(remaining), input: { id: remaining.id, isSystemAdmin: false } }),
      ).rejects.toMatchObject({ code: 'INVALID_CONTENT' });
      const events = await db.select().from(eventLogs).where(eq(eventLogs.eventType, 'user.updated'));
      expect(events).toHaveLength(10);
    } finally {
      await lone.close();
    }
  });
});
