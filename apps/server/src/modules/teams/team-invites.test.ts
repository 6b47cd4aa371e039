import { type AddressInfo, createServer, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { teamInvites, teamMembers, teams } from '../../db/schema/teams.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import {
  admin,
  db,
  member,
  outsider,
  owner,
  systemAdmin,
  teamWithRoles,
  testApp,
  useTeamTestApp,
} from '../../test/team-test-app.js';
import { insertTestTeam } from '../../test/teams.js';
import { insertTestUser } from '../../test/users.js';
import { deliverPendingInvites } from './team-invites.service.js';
import { webDocument, webDocumentSelecting } from '../../test/web-documents.js';

useTeamTestApp();

// The web's CreateInvite, also reading the invites it makes, which these tests go on to answer.
const createInvite = webDocumentSelecting('CreateInvite', {
  error: 'invite { id email teamRole teamId teamName teamFriendlyId expiresAt isExpired }',
});
interface CreateInviteData {
  createInvite: {
    successCount: number;
    results: {
      email: string;
      success: boolean;
      error: string | null;
      invite: { id: string; expiresAt: string } | null;
    }[];
  };
}
const acceptInvite = webDocument('AcceptInvite');
const declineInvite = webDocument('DeclineInvite');
const resendInvite = webDocument('ResendInvite');
const deleteInvite = webDocument('DeleteInvite');

async function invite(teamFriendlyId: string, emails: string[], teamRole = 'TeamMember') {
  return graphqlRequest<CreateInviteData>(testApp, {
    query: createInvite,
    variables: { input: { teamFriendlyId, emails, teamRole } },
    credential: admin.accessToken,
  });
}

async function expire(inviteId: string) {
  await db()
    .update(teamInvites)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(teamInvites.id, inviteId));
}

describe('createInvite', () => {
  it('invites each valid address and reports every failure on its own line', async () => {
    const team = await teamWithRoles();
    const pending = await invite(team.friendlyId, ['pending@invites.test']);
    expect(pending.data?.createInvite.successCount).toBe(1);

    const response = await invite(team.friendlyId, [
      ' new.person@invites.test ',
      'not-an-email',
      'NEW.PERSON@invites.test',
      member.user.email,
      'pending@invites.test',
      outsider.user.email,
    ]);
    expect(response.data?.createInvite.successCount).toBe(2);
    expect(response.data?.createInvite.results.map(({ email, success, error }) => ({ email, success, error }))).toEqual(
      [
        { email: 'new.person@invites.test', success: true, error: null },
        { email: 'not-an-email', success: false, error: 'Not a valid email address.' },
        { email: 'NEW.PERSON@invites.test', success: false, error: 'This address is listed twice.' },
        { email: member.user.email, success: false, error: 'Already a member of this team.' },
        { email: 'pending@invites.test', success: false, error: 'Already invited; resend the invite instead.' },
        { email: outsider.user.email, success: true, error: null },
      ],
    );
    const created = response.data!.createInvite.results[0]!.invite!;
    expect(created).toMatchObject({
      teamId: team.id,
      teamName: team.name,
      teamFriendlyId: team.friendlyId,
      teamRole: 'TeamMember',
      isExpired: false,
    });
    const lifetimeDays = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(13.99);
    expect(lifetimeDays).toBeLessThanOrEqual(14);

    // An existing account hears about it at once; the invite id travels as externalId.
    const outsiderInviteId = response.data!.createInvite.results[5]!.invite!.id;
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, outsider.user.id), eq(notifications.type, 'TeamInvite')));
    expect(notice).toMatchObject({ externalId: outsiderInviteId, isRead: false });
    expect(notice!.message).toContain(team.name);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'invite.created'));
    expect(events.filter((event) => event.payload.teamId === team.id)).toHaveLength(3);
  });

  it('replaces an expired open invite to the same address, and only the new one waits unread', async () => {
    const team = await teamWithRoles();
    const invitee = await signInTestUser(testApp);
    const first = await invite(team.friendlyId, [invitee.user.email]);
    const firstId = first.data!.createInvite.results[0]!.invite!.id;
    await expire(firstId);
    const second = await invite(team.friendlyId, [invitee.user.email]);
    expect(second.data?.createInvite.successCount).toBe(1);
    const secondId = second.data!.createInvite.results[0]!.invite!.id;
    const open = await db().select().from(teamInvites).where(eq(teamInvites.teamId, team.id));
    expect(open.map((row) => row.id)).toEqual([secondId]);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, invitee.user.id));
    expect(notices.map((notice) => [notice.externalId, notice.isRead]).sort()).toEqual(
      [
        [firstId, true],
        [secondId, false],
      ].sort(),
    );
  });

  it('refuses an owner invite, an oversized batch, members and outsiders, writing nothing', async () => {
    const team = await teamWithRoles();
    expect(errorCodeOf(await invite(team.friendlyId, ['x@invites.test'], 'TeamOwner'))).toBe('INVALID_REQUEST');
    const fiftyOne = Array.from({ length: 51 }, (_, index) => `bulk${index}@invites.test`);
    expect(errorCodeOf(await invite(team.friendlyId, fiftyOne))).toBe('INVALID_REQUEST');
    for (const [caller, code] of [
      [member, 'AUTH_NOT_AUTHORIZED'],
      [outsider, 'NOT_FOUND'],
    ] as const) {
      const response = await graphqlRequest(testApp, {
        query: createInvite,
        variables: { input: { teamFriendlyId: team.friendlyId, emails: ['y@invites.test'], teamRole: 'TeamMember' } },
        credential: caller.accessToken,
      });
      expect(errorCodeOf(response)).toBe(code);
    }
    expect(await db().select().from(teamInvites).where(eq(teamInvites.teamId, team.id))).toEqual([]);
  });
});

describe('teamInvites', () => {
  const teamInvitesQuery = webDocument('GetTeamInvites');
  // The page asks for 100 at most; this asks for a page size of its choosing and the count.
  const inviteCount =
    'query CountTeamInvites($teamFriendlyId: String!, $first: Int) { teamInvites(teamFriendlyId: $teamFriendlyId, first: $first) { totalCount } }';

  it('lists open invites newest first (expired ones flagged) to admins, and refuses members', async () => {
    const team = await teamWithRoles();
    await invite(team.friendlyId, ['older@invites.test']);
    const newer = await invite(team.friendlyId, ['newer@invites.test']);
    const answered = await invite(team.friendlyId, [outsider.user.email]);
    await expire(newer.data!.createInvite.results[0]!.invite!.id);
    await graphqlRequest(testApp, {
      query: declineInvite,
      variables: { inviteId: answered.data!.createInvite.results[0]!.invite!.id },
      credential: outsider.accessToken,
    });
    const response = await graphqlRequest<{ teamInvites: { nodes: unknown[] } }>(testApp, {
      query: teamInvitesQuery,
      variables: { teamFriendlyId: team.friendlyId },
      credential: owner.accessToken,
    });
    expect(response.data?.teamInvites.nodes).toMatchObject([
      { email: 'newer@invites.test', isExpired: true },
      { email: 'older@invites.test', isExpired: false },
    ]);
    const counted = await graphqlRequest(testApp, {
      query: inviteCount,
      variables: { teamFriendlyId: team.friendlyId, first: 100 },
      credential: owner.accessToken,
    });
    expect(counted.data).toEqual({ teamInvites: { totalCount: 2 } });
    const tooMany = await graphqlRequest(testApp, {
      query: inviteCount,
      variables: { teamFriendlyId: team.friendlyId, first: 101 },
      credential: owner.accessToken,
    });
    expect(errorCodeOf(tooMany)).toBe('INVALID_REQUEST');
    const asMember = await graphqlRequest(testApp, {
      query: teamInvitesQuery,
      variables: { teamFriendlyId: team.friendlyId },
      credential: member.accessToken,
    });
    expect(errorCodeOf(asMember)).toBe('AUTH_NOT_AUTHORIZED');
  });
});

describe('acceptInvite and declineInvite', () => {
  it('joins the team once, as the named account only, with the invited role', async () => {
    const team = await teamWithRoles();
    const invitee = await signInTestUser(testApp, { email: `Invitee-${randomUUID()}@Invites.test` });
    const created = await invite(team.friendlyId, [invitee.user.email.toLowerCase()], 'TeamAdmin');
    const inviteId = created.data!.createInvite.results[0]!.invite!.id;

    const byOther = await graphqlRequest(testApp, {
      query: acceptInvite,
      variables: { inviteId },
      credential: outsider.accessToken,
    });
    expect(errorCodeOf(byOther)).toBe('NOT_FOUND');
    const accepted = await graphqlRequest(testApp, {
      query: acceptInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(accepted.data).toEqual({ acceptInvite: team.friendlyId });
    const again = await graphqlRequest(testApp, {
      query: acceptInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(errorCodeOf(again)).toBe('INVALID_REQUEST');
    const declineAfter = await graphqlRequest(testApp, {
      query: declineInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(errorCodeOf(declineAfter)).toBe('INVALID_REQUEST');

    const [membership] = await db()
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, invitee.user.id)));
    expect(membership?.role).toBe('TeamAdmin');
    // The bell stops showing an invite once it is answered.
    const [notice] = await db().select().from(notifications).where(eq(notifications.externalId, inviteId));
    expect(notice).toMatchObject({ userId: invitee.user.id, isRead: true });
    const [event] = await db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'invite.accepted'), eq(eventLogs.userId, invitee.user.id)));
    expect(event?.payload).toMatchObject({ inviteId, teamId: team.id, teamRole: 'TeamAdmin' });
  });

  it('refuses an expired invite until it is resent, which renews it for 14 days', async () => {
    const team = await teamWithRoles();
    const invitee = await signInTestUser(testApp);
    const created = await invite(team.friendlyId, [invitee.user.email]);
    const inviteId = created.data!.createInvite.results[0]!.invite!.id;
    await expire(inviteId);

    const expired = await graphqlRequest(testApp, {
      query: acceptInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(errorCodeOf(expired)).toBe('INVALID_REQUEST');
    expect(expired.errors?.[0]?.message).toContain('expired');
    expect(await db().select().from(teamMembers).where(eq(teamMembers.userId, invitee.user.id))).toEqual([]);

    const resent = await graphqlRequest<{ resendInvite: { expiresAt: string } }>(testApp, {
      query: resendInvite,
      variables: { inviteId },
      credential: owner.accessToken,
    });
    expect(Date.parse(resent.data!.resendInvite.expiresAt)).toBeGreaterThan(Date.now() + 13.9 * 86_400_000);
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, invitee.user.id), eq(notifications.externalId, inviteId)));
    expect(notices).toHaveLength(2);
    const accepted = await graphqlRequest(testApp, {
      query: acceptInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(accepted.data).toEqual({ acceptInvite: team.friendlyId });
    const events = await db().select().from(eventLogs).where(eq(eventLogs.eventType, 'invite.resent'));
    expect(events.map((event) => event.payload.inviteId)).toContain(inviteId);
  });

  it('declines without joining, and logs invite.declined', async () => {
    const team = await teamWithRoles();
    const invitee = await signInTestUser(testApp);
    const created = await invite(team.friendlyId, [invitee.user.email]);
    const inviteId = created.data!.createInvite.results[0]!.invite!.id;
    const declined = await graphqlRequest(testApp, {
      query: declineInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(declined.data).toEqual({ declineInvite: true });
    const accept = await graphqlRequest(testApp, {
      query: acceptInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(errorCodeOf(accept)).toBe('INVALID_REQUEST');
    expect(await db().select().from(teamMembers).where(eq(teamMembers.userId, invitee.user.id))).toEqual([]);
    const [event] = await db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'invite.declined'), eq(eventLogs.userId, invitee.user.id)));
    expect(event?.payload).toMatchObject({ inviteId, teamId: team.id });
  });

  it('answers NOT_FOUND for unknown and malformed invite ids', async () => {
    for (const inviteId of [randomUUID(), 'not-a-uuid']) {
      for (const document of [acceptInvite, declineInvite, resendInvite, deleteInvite]) {
        const response = await graphqlRequest(testApp, {
          query: document,
          variables: { inviteId },
          credential: owner.accessToken,
        });
        expect(errorCodeOf(response)).toBe('NOT_FOUND');
      }
    }
  });
});

const myInvite = webDocument('GetMyInvite');

const nameOf = (user: { firstName: string; lastName: string; email: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

describe('what the invitee is told', () => {
  it('names who invited, to which team (name, address, logo), as what and until when; to the invitee only', async () => {
    const team = await teamWithRoles();
    await db().update(teams).set({ logoUrl: 'https://logo.invites.test/team.png' }).where(eq(teams.id, team.id));
    // A second team of the same name: only the address tells them apart.
    const twin = await insertTestTeam(db(), { ownerId: owner.user.id, name: team.name });
    const invitee = await signInTestUser(testApp);
    const created = await invite(team.friendlyId, [invitee.user.email], 'TeamAdmin');
    const inviteId = created.data!.createInvite.results[0]!.invite!.id;

    const shown = await graphqlRequest<{ myInvite: Record<string, unknown> }>(testApp, {
      query: myInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(shown.data?.myInvite).toMatchObject({
      id: inviteId,
      teamName: team.name,
      teamFriendlyId: team.friendlyId,
      teamLogoUrl: 'https://logo.invites.test/team.png',
      teamRole: 'TeamAdmin',
      invitedByName: nameOf(admin.user),
      invitedByEmail: admin.user.email,
      expiresAt: created.data!.createInvite.results[0]!.invite!.expiresAt,
      status: 'Open',
    });
    expect(twin.friendlyId).not.toBe(team.friendlyId);

    const [notice] = await db().select().from(notifications).where(eq(notifications.externalId, inviteId));
    expect(notice?.message).toBe(
      `${nameOf(admin.user)} (${admin.user.email}) invited you to join the team ${team.name} (${team.friendlyId}) as an admin.`,
    );

    for (const stranger of [outsider, owner, systemAdmin]) {
      const refused = await graphqlRequest(testApp, {
        query: myInvite,
        variables: { inviteId },
        credential: stranger.accessToken,
      });
      expect(errorCodeOf(refused)).toBe('NOT_FOUND');
    }
    for (const unknownId of [randomUUID(), 'not-a-uuid']) {
      const unknown = await graphqlRequest(testApp, {
        query: myInvite,
        variables: { inviteId: unknownId },
        credential: invitee.accessToken,
      });
      expect(errorCodeOf(unknown)).toBe('NOT_FOUND');
    }
  });

  it('says when an invite was answered or has expired, and when its sender is gone', async () => {
    const team = await teamWithRoles();
    const invitee = await signInTestUser(testApp);
    const [sent] = await db()
      .insert(teamInvites)
      .values({
        teamId: team.id,
        email: invitee.user.email,
        teamRole: 'TeamMember',
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning();
    const read = async () =>
      (
        await graphqlRequest<{ myInvite: { status: string; invitedByName: string | null } }>(testApp, {
          query: myInvite,
          variables: { inviteId: sent!.id },
          credential: invitee.accessToken,
        })
      ).data?.myInvite;
    expect(await read()).toMatchObject({ status: 'Expired', invitedByName: null });
    await db()
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() + 86_400_000), declinedAt: new Date() })
      .where(eq(teamInvites.id, sent!.id));
    expect(await read()).toMatchObject({ status: 'Declined' });
  });

  it('lists the sender of each invite to the team', async () => {
    const team = await teamWithRoles();
    await invite(team.friendlyId, [`listed-${randomUUID()}@invites.test`]);
    const listed = await graphqlRequest<{ teamInvites: { nodes: { invitedByEmail: string | null }[] } }>(testApp, {
      query: `query ($teamFriendlyId: String!) { teamInvites(teamFriendlyId: $teamFriendlyId) { nodes { invitedByEmail } } }`,
      variables: { teamFriendlyId: team.friendlyId },
      credential: owner.accessToken,
    });
    expect(listed.data?.teamInvites.nodes).toEqual([{ invitedByEmail: admin.user.email }]);
  });
});

describe('a declined invite', () => {
  const declinedNotices = (userId: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'TeamInviteDeclined')));

  it('tells its sender who declined which team and role, with the team id', async () => {
    const team = await teamWithRoles();
    const invitee = await signInTestUser(testApp, { firstName: 'Grace', lastName: 'Hopper' });
    const created = await invite(team.friendlyId, [invitee.user.email]);
    const inviteId = created.data!.createInvite.results[0]!.invite!.id;
    const before = await declinedNotices(admin.user.id);

    const declined = await graphqlRequest(testApp, {
      query: declineInvite,
      variables: { inviteId },
      credential: invitee.accessToken,
    });
    expect(declined.data).toEqual({ declineInvite: true });
    const after = await declinedNotices(admin.user.id);
    expect(after).toHaveLength(before.length + 1);
    const notice = after.find((row) => !before.some((old) => old.id === row.id));
    expect(notice).toMatchObject({
      isRead: false,
      externalId: team.id,
      message: `Grace Hopper (${invitee.user.email}) declined your invite to join the team ${team.name} (${team.friendlyId}) as a member.`,
    });
    // Nobody else of the team is told.
    expect(await declinedNotices(owner.user.id)).toEqual([]);
    const [event] = await db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'invite.declined'), eq(eventLogs.userId, invitee.user.id)));
    expect(event?.payload).toMatchObject({ inviteId, teamId: team.id, inviterNotified: true });
  });

  it('tells no one whose sender no longer manages the team, nor on accepting', async () => {
    const sender = await signInTestUser(testApp);
    const team = await insertTestTeam(db(), { ownerId: owner.user.id, adminIds: [sender.user.id] });
    const invitees = [await signInTestUser(testApp), await signInTestUser(testApp)];
    const created = await graphqlRequest<CreateInviteData>(testApp, {
      query: createInvite,
      variables: {
        input: {
          teamFriendlyId: team.friendlyId,
          emails: invitees.map((one) => one.user.email),
          teamRole: 'TeamMember',
        },
      },
      credential: sender.accessToken,
    });
    const [acceptedId, declinedId] = created.data!.createInvite.results.map((result) => result.invite!.id);
    const accepted = await graphqlRequest(testApp, {
      query: acceptInvite,
      variables: { inviteId: acceptedId },
      credential: invitees[0]!.accessToken,
    });
    expect(accepted.errors).toBeUndefined();
    await db()
      .update(teamMembers)
      .set({ role: 'TeamMember' })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, sender.user.id)));
    const declined = await graphqlRequest(testApp, {
      query: declineInvite,
      variables: { inviteId: declinedId },
      credential: invitees[1]!.accessToken,
    });
    expect(declined.data).toEqual({ declineInvite: true });
    expect(await declinedNotices(sender.user.id)).toEqual([]);
    const [event] = await db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'invite.declined'), eq(eventLogs.userId, invitees[1]!.user.id)));
    expect(event?.payload).toMatchObject({ inviteId: declinedId, inviterNotified: false });
  });
});

describe('deleteInvite and resendInvite', () => {
  it('are for the team’s admins: members are refused, other teams’ owners get NOT_FOUND and change nothing', async () => {
    const team = await teamWithRoles();
    const created = await invite(team.friendlyId, ['delete.me@invites.test']);
    const inviteId = created.data!.createInvite.results[0]!.invite!.id;
    const otherOwner = await signInTestUser(testApp);
    await insertTestTeam(db(), { ownerId: otherOwner.user.id });
    for (const document of [deleteInvite, resendInvite]) {
      expect(
        errorCodeOf(
          await graphqlRequest(testApp, { query: document, variables: { inviteId }, credential: member.accessToken }),
        ),
      ).toBe('AUTH_NOT_AUTHORIZED');
      expect(
        errorCodeOf(
          await graphqlRequest(testApp, {
            query: document,
            variables: { inviteId },
            credential: otherOwner.accessToken,
          }),
        ),
      ).toBe('NOT_FOUND');
    }
    const [unchanged] = await db().select().from(teamInvites).where(eq(teamInvites.id, inviteId));
    expect(unchanged!.expiresAt.toISOString()).toBe(created.data!.createInvite.results[0]!.invite!.expiresAt);

    const deleted = await graphqlRequest(testApp, {
      query: deleteInvite,
      variables: { inviteId },
      credential: admin.accessToken,
    });
    expect(deleted.data).toEqual({ deleteInvite: true });
    expect(await db().select().from(teamInvites).where(eq(teamInvites.id, inviteId))).toEqual([]);
    const [event] = await db()
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'invite.deleted'), eq(eventLogs.userId, admin.user.id)));
    expect(event?.payload).toMatchObject({ inviteId, email: 'delete.me@invites.test' });
  });
});

describe('invites to addresses without an account', () => {
  // The users module calls this in the transaction that creates the account (users.service.test.ts checks that).
  it('become notifications when that account is created, except expired ones', async () => {
    const team = await teamWithRoles();
    const email = `later-${randomUUID()}@invites.test`;
    const live = (await invite(team.friendlyId, [email])).data!.createInvite.results[0]!.invite!.id;
    const lapsedTeam = await teamWithRoles();
    await expire((await invite(lapsedTeam.friendlyId, [email])).data!.createInvite.results[0]!.invite!.id);

    const user = await insertTestUser(db(), { email: email.toUpperCase(), isEmailVerified: true });
    await deliverPendingInvites(db(), user);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices.map((notice) => [notice.type, notice.externalId])).toEqual([['TeamInvite', live]]);
  });
});

describe('invite emails', () => {
  /** The smallest SMTP server nodemailer talks to: records each message's envelope and body. */
  async function startSmtpServer() {
    const messages: { recipients: string[]; data: string }[] = [];
    const server: Server = createServer((socket) => {
      let recipients: string[] = [];
      let data: string | undefined;
      let buffer = '';
      socket.write('220 test SMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        if (data !== undefined) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push({ recipients, data: buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          data = undefined;
          recipients = [];
          socket.write('250 queued\r\n');
        }
        let lineEnd: number;
        while (data === undefined && (lineEnd = buffer.indexOf('\r\n')) !== -1) {
          const line = buffer.slice(0, lineEnd);
          buffer = buffer.slice(lineEnd + 2);
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO' || command === 'HELO') socket.write('250 test\r\n');
          else if (command === 'RCPT') {
            recipients.push(line.replace(/^RCPT TO:<(.*)>.*$/i, '$1'));
            socket.write('250 ok\r\n');
          } else if (command === 'DATA') {
            data = '';
            socket.write('354 go ahead\r\n');
          } else if (command === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      messages,
      port: (server.address() as AddressInfo).port,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  /** The text of a message as its reader sees it: quoted-printable soft breaks and escapes undone. */
  function readableBody(data: string): string {
    return data
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  it('mails each invitee, on invite and on resend, a link that opens their invite', async () => {
    const smtp = await startSmtpServer();
    const mailingApp = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Portal <portal@invites.test>',
    });
    try {
      const mailingOwner = await signInTestUser(mailingApp);
      const team = await insertTestTeam(mailingApp.database.db, { ownerId: mailingOwner.user.id });
      const response = await graphqlRequest<CreateInviteData>(mailingApp, {
        query: createInvite,
        variables: {
          input: {
            teamFriendlyId: team.friendlyId,
            emails: ['mailed@invites.test', 'not-an-email'],
            teamRole: 'TeamMember',
          },
        },
        credential: mailingOwner.accessToken,
      });
      expect(response.data?.createInvite.successCount).toBe(1);
      const inviteId = response.data!.createInvite.results[0]!.invite!.id;
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.recipients).toEqual(['mailed@invites.test']);
      const body = readableBody(smtp.messages[0]!.data);
      expect(body).toContain(`http://localhost:3999/account/notifications?invite=${inviteId}\r\n`);
      expect(body).toContain(
        `${nameOf(mailingOwner.user)} (${mailingOwner.user.email}) invited you to join the team ${team.name} (${team.friendlyId}) on DXP Portal as a member.`,
      );
      expect(body).toContain('The invite expires on');

      const resent = await graphqlRequest(mailingApp, {
        query: resendInvite,
        variables: { inviteId },
        credential: mailingOwner.accessToken,
      });
      expect(resent.errors).toBeUndefined();
      expect(smtp.messages).toHaveLength(2);
      expect(readableBody(smtp.messages[1]!.data)).toContain(`/account/notifications?invite=${inviteId}`);
    } finally {
      await mailingApp.close();
      await smtp.close();
    }
  });

  it('still invites when the mail server refuses connections, and logs a warning per unsent email', async () => {
    const refusing = createServer();
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as AddressInfo;
    await new Promise((resolve) => refusing.close(resolve));

    const logLines: { level: number; msg: string; inviteId?: string }[] = [];
    const logStream = new Writable({
      write: (chunk, _encoding, done) => {
        logLines.push(JSON.parse(String(chunk)) as (typeof logLines)[number]);
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3999',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
    const database = await createTestDatabase();
    const app = await buildApp({ config, database, logger: pino({ level: 'warn' }, logStream) });
    const unmailedApp: TestApp = {
      app,
      config,
      database,
      close: async () => (await app.close(), await database.close()),
    };
    try {
      const unmailedOwner = await signInTestUser(unmailedApp);
      const team = await insertTestTeam(database.db, { ownerId: unmailedOwner.user.id });
      const response = await graphqlRequest<CreateInviteData>(unmailedApp, {
        query: createInvite,
        variables: {
          input: {
            teamFriendlyId: team.friendlyId,
            emails: ['one@invites.test', 'two@invites.test'],
            teamRole: 'TeamMember',
          },
        },
        credential: unmailedOwner.accessToken,
      });
      expect(response.errors).toBeUndefined();
      expect(response.data?.createInvite.successCount).toBe(2);
      const inviteIds = response.data!.createInvite.results.map((result) => result.invite!.id);
      const stored = await database.db.select().from(teamInvites).where(eq(teamInvites.teamId, team.id));
      expect(stored.map((row) => row.id).sort()).toEqual([...inviteIds].sort());
      const warnings = logLines.filter((line) => line.msg === 'invite email not sent');
      expect(warnings.map((line) => [line.level, line.inviteId]).sort()).toEqual(
        inviteIds.map((id) => [40, id]).sort(),
      );
    } finally {
      await unmailedApp.close();
    }
  });
});
