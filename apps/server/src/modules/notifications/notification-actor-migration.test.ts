import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrationsFolder } from '../../db/client.js';
import { appRequests } from '../../db/schema/applications.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { teamInvites } from '../../db/schema/teams.js';
import { insertTestApplication } from '../../test/applications.js';
import { createTestDatabase } from '../../test/database.js';
import { insertTestTeam } from '../../test/teams.js';
import { insertTestUser } from '../../test/users.js';

/**
 * The back-fill of migration 0019 (docs/decisions/0135-notifications-say-who-did-what.md), on PGlite and, with
 * DATABASE_URL, on PostgreSQL: notifications written before it, without an actor, get the one that can be known.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** The migration's UPDATE statements, as the file has them. */
async function backFillStatements(): Promise<string[]> {
  const text = await readFile(join(migrationsFolder, '0019_notification_actor.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('UPDATE'));
}

describe('migration 0019 back-fills the actor of the notifications already sent', () => {
  it('from the invite, the request, the decline, the audit event and the contact message', async () => {
    const { db } = database;
    const inviter = await insertTestUser(db);
    const requester = await insertTestUser(db);
    const decider = await insertTestUser(db);
    const decliner = await insertTestUser(db);
    const recipient = await insertTestUser(db);
    const team = await insertTestTeam(db, { ownerId: inviter.id, memberIds: [recipient.id] });
    const [invite] = await db
      .insert(teamInvites)
      .values({
        teamId: team.id,
        email: recipient.email,
        teamRole: 'TeamMember',
        invitedBy: inviter.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const application = await insertTestApplication(db);
    const [request] = await db
      .insert(appRequests)
      .values({
        applicationId: application.id,
        teamId: team.id,
        teamName: team.name,
        requestedById: requester.id,
        status: 'APPROVED',
        contactEmail: requester.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        closedAt: new Date(),
        closedById: decider.id,
      })
      .returning();
    const written = (type: string, message: string, externalId: string | null = null) => ({
      userId: recipient.id,
      type,
      message,
      externalId,
    });
    await db
      .insert(notifications)
      .values([
        written('TeamInvite', 'invite', invite!.id),
        written('TeamInvite', 'an external id that is no uuid', 'not-a-uuid'),
        written('AppRequestCreated', 'request', request!.id),
        written('AppRequestApproved', 'approved', request!.id),
        written('TeamInviteDeclined', `Dee Cliner (${decliner.email.toUpperCase()}) declined your invite to…`, team.id),
        written('ContactMessage', 'Visiting Vera <vera@example.test> wrote: Hi\n\nSee <this> wrote: that', 'c-1'),
        written('AccountSecurity', 'A new sign-in to your account.'),
      ]);
    // A team change wrote its audit event in the notification's transaction.
    await db.transaction(async (transaction) => {
      await transaction.insert(eventLogs).values({
        eventType: 'member.role_changed',
        userId: inviter.id,
        userEmail: inviter.email,
        payload: { teamId: team.id, userId: recipient.id, from: 'TeamMember', to: 'TeamAdmin' },
      });
      await transaction.insert(notifications).values(written('TeamRoleChanged', 'role', team.id));
    });
    // Another person's role change at another time names no one here.
    await db.insert(notifications).values(written('TeamRoleChanged', 'older role', team.id));

    for (const statement of await backFillStatements()) await db.execute(sql.raw(statement));

    const rows = await db
      .select({
        message: notifications.message,
        actorId: notifications.actorId,
        actorName: notifications.actorName,
      })
      .from(notifications)
      .where(sql`${notifications.userId} = ${recipient.id}`)
      .orderBy(asc(notifications.message));
    expect(Object.fromEntries(rows.map((row) => [row.message.split(' ')[0], [row.actorId, row.actorName]]))).toEqual({
      A: [null, null],
      Dee: [decliner.id, null],
      Visiting: [null, 'Visiting Vera'],
      an: [null, null],
      approved: [decider.id, null],
      invite: [inviter.id, null],
      older: [null, null],
      request: [requester.id, null],
      role: [inviter.id, null],
    });
  });
});
