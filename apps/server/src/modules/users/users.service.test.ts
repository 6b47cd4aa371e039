import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { teamInvites } from '../../db/schema/teams.js';
import { users } from '../../db/schema/users.js';
import { createTestDatabase } from '../../test/database.js';
import { insertTestTeam } from '../../test/teams.js';
import {
  createUserForIdentity,
  findUserById,
  toUserInfo,
  upsertUserFromIdentity,
  type VerifiedIdentity,
} from './users.service.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate ${users} cascade`);
});

const noAdmins = { adminEmails: [] };

function identity(subject: string, overrides: Partial<VerifiedIdentity> = {}): VerifiedIdentity {
  return {
    issuer: 'https://issuer.test',
    subject,
    email: `${subject}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    isEmailVerified: true,
    ...overrides,
  };
}

describe('upsertUserFromIdentity', () => {
  it('makes the first account a system admin and later ones standard users', async () => {
    const first = await upsertUserFromIdentity(database.db, identity('first'), noAdmins);
    const second = await upsertUserFromIdentity(database.db, identity('second'), noAdmins);
    expect(first.isSystemAdmin).toBe(true);
    expect(second.isSystemAdmin).toBe(false);
  });

  it('makes exactly one admin when the first sign-ins happen at the same time', async () => {
    const created = await Promise.all(
      ['a', 'b', 'c', 'd'].map((subject) => upsertUserFromIdentity(database.db, identity(subject), noAdmins)),
    );
    expect(created.filter((user) => user.isSystemAdmin)).toHaveLength(1);
  });

  it('survives the same person signing in twice at once', async () => {
    const [one, two] = await Promise.all([
      upsertUserFromIdentity(database.db, identity('twin'), noAdmins),
      upsertUserFromIdentity(database.db, identity('twin'), noAdmins),
    ]);
    expect(one.id).toBe(two.id);
  });

  it('promotes bootstrap admin emails, whatever their case, unless the provider says the email is unverified', async () => {
    await upsertUserFromIdentity(database.db, identity('first'), noAdmins);
    const boss = await upsertUserFromIdentity(database.db, identity('boss', { email: 'Boss@Example.com' }), {
      adminEmails: ['boss@example.com'],
    });
    const impostor = await upsertUserFromIdentity(
      database.db,
      identity('impostor', { email: 'chief@example.com', isEmailVerified: false }),
      { adminEmails: ['chief@example.com'] },
    );
    // A provider that says nothing about the address has not proven it either.
    const silent = await upsertUserFromIdentity(
      database.db,
      identity('silent', { email: 'head@example.com', isEmailVerified: undefined }),
      { adminEmails: ['head@example.com'] },
    );
    expect(boss.isSystemAdmin).toBe(true);
    expect(impostor.isSystemAdmin).toBe(false);
    expect(silent.isSystemAdmin).toBe(false);
  });

  it('updates the profile and last login on a later sign-in and never demotes an admin', async () => {
    const created = await upsertUserFromIdentity(database.db, identity('ada'), noAdmins);
    const later = await upsertUserFromIdentity(
      database.db,
      identity('ada', { email: 'ada.king@example.com', firstName: 'Augusta', lastName: '' }),
      noAdmins,
    );
    expect(later.id).toBe(created.id);
    expect(later).toMatchObject({
      email: 'ada.king@example.com',
      firstName: 'Augusta',
      lastName: 'Lovelace',
      isSystemAdmin: true,
    });
    expect(later.lastLogin!.getTime()).toBeGreaterThanOrEqual(created.lastLogin!.getTime());
  });

  it('refuses an email that another account already uses', async () => {
    await upsertUserFromIdentity(database.db, identity('owner', { email: 'shared@example.com' }), noAdmins);
    await expect(
      upsertUserFromIdentity(database.db, identity('other', { email: 'SHARED@example.com' }), noAdmins),
    ).rejects.toMatchObject({ code: 'DUPLICATE_VALUE' });
  });
});

describe('ASVS V16.3.3 (security events logged): accounts created and promoted at sign-in', () => {
  const events = () =>
    database.db
      .select({ eventType: eventLogs.eventType, userEmail: eventLogs.userEmail, payload: eventLogs.payload })
      .from(eventLogs)
      .orderBy(asc(eventLogs.date), asc(eventLogs.id));

  it('records user.created for each new account, saying why the first one is an administrator', async () => {
    const first = await upsertUserFromIdentity(database.db, identity('first'), noAdmins);
    const second = await upsertUserFromIdentity(database.db, identity('second'), noAdmins);
    const boss = await upsertUserFromIdentity(database.db, identity('boss'), { adminEmails: ['boss@example.com'] });
    expect(await events()).toEqual([
      {
        eventType: 'user.created',
        userEmail: 'first@example.com',
        payload: {
          userId: first.id,
          email: 'first@example.com',
          isSystemAdmin: true,
          source: 'sign-in',
          adminReason: 'first account',
        },
      },
      {
        eventType: 'user.created',
        userEmail: 'second@example.com',
        payload: { userId: second.id, email: 'second@example.com', isSystemAdmin: false, source: 'sign-in' },
      },
      {
        eventType: 'user.created',
        userEmail: 'boss@example.com',
        payload: {
          userId: boss.id,
          email: 'boss@example.com',
          isSystemAdmin: true,
          source: 'sign-in',
          adminReason: 'ADMIN_EMAIL',
        },
      },
    ]);
  });

  it('records user.updated when ADMIN_EMAIL promotes an existing account, and nothing on an ordinary sign-in', async () => {
    await upsertUserFromIdentity(database.db, identity('first'), noAdmins);
    const later = await upsertUserFromIdentity(database.db, identity('later'), noAdmins);
    await upsertUserFromIdentity(database.db, identity('later'), noAdmins);
    await upsertUserFromIdentity(database.db, identity('later'), { adminEmails: ['later@example.com'] });
    await upsertUserFromIdentity(database.db, identity('later'), { adminEmails: ['later@example.com'] });
    const recorded = await events();
    expect(recorded.map((event) => event.eventType)).toEqual(['user.created', 'user.created', 'user.updated']);
    expect(recorded[2]).toEqual({
      eventType: 'user.updated',
      userEmail: 'later@example.com',
      payload: {
        userId: later.id,
        email: 'later@example.com',
        changes: { isSystemAdmin: true },
        source: 'sign-in',
        reason: 'ADMIN_EMAIL',
      },
    });
  });

  it('records nothing when the sign-in is refused', async () => {
    await upsertUserFromIdentity(database.db, identity('owner', { email: 'shared@example.com' }), noAdmins);
    await expect(
      upsertUserFromIdentity(database.db, identity('other', { email: 'shared@example.com' }), noAdmins),
    ).rejects.toThrow();
    expect(await events()).toHaveLength(1);
  });
});

describe('a new account', () => {
  it('receives the team invites waiting for its address, whether it signs in or the command line creates it', async () => {
    const owner = await upsertUserFromIdentity(database.db, identity('owner'), noAdmins);
    const team = await insertTestTeam(database.db, { ownerId: owner.id });
    const inviteTo = async (email: string) => {
      const expiresAt = new Date(Date.now() + 86_400_000);
      const [invite] = await database.db
        .insert(teamInvites)
        .values({ teamId: team.id, email, teamRole: 'TeamMember', invitedBy: owner.id, expiresAt })
        .returning();
      return invite!.id;
    };
    const invitesOf = (userId: string) =>
      database.db
        .select({ type: notifications.type, externalId: notifications.externalId })
        .from(notifications)
        .where(eq(notifications.userId, userId));

    const signedInInvite = await inviteTo('joiner@example.com');
    const joiner = await upsertUserFromIdentity(database.db, identity('joiner', { isEmailVerified: true }), noAdmins);
    expect(await invitesOf(joiner.id)).toEqual([{ type: 'TeamInvite', externalId: signedInInvite }]);

    const createdInvite = await inviteTo('created@example.com');
    const created = await createUserForIdentity(database.db, identity('created', { isEmailVerified: true }), {
      isSystemAdmin: false,
    });
    expect(await invitesOf(created.id)).toEqual([{ type: 'TeamInvite', externalId: createdInvite }]);
  });
});

describe('findUserById and toUserInfo', () => {
  it('finds a user and renders the userinfo JSON of docs/api.md', async () => {
    const created = await upsertUserFromIdentity(database.db, identity('ada', { email: 'ada@example.com' }), noAdmins);
    const found = await findUserById(database.db, created.id);
    expect(toUserInfo(found!)).toEqual({
      id: created.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      lastLogin: created.lastLogin!.toISOString(),
      primaryPhone: null,
      isSystemAdmin: true,
      isEmailVerified: true,
      ordwayCustomerId: null,
      roles: ['SystemAdmin', 'StandardUser'],
      termsAcceptedAt: null,
      hasAcceptedCurrentTerms: false,
    });
  });

  it('answers undefined for an unknown or malformed id', async () => {
    expect(await findUserById(database.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await findUserById(database.db, 'not-a-uuid')).toBeUndefined();
  });
});
