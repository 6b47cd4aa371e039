import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createServiceKey } from '../auth/service-keys.js';
import { createSession } from '../auth/sessions.js';
import { bookmarks } from '../db/schema/bookmarks.js';
import { appRequests } from '../db/schema/applications.js';
import { eventLogs } from '../db/schema/events.js';
import { teamInvites } from '../db/schema/teams.js';
import { users } from '../db/schema/users.js';
import { grantTestApplication, insertTestApplication } from './applications.js';
import { createNotification } from '../modules/notifications/notifications.service.js';
import { insertTestTeam } from './teams.js';
import { storeWebhookDelivery } from '../modules/webhooks/webhooks.service.js';
import { createTestApp, type TestApp } from './app.js';
import { mutationDocuments } from './mutation-documents.js';
import { createTestServiceKey, graphqlRequest, signInTestUser } from './graphql.js';
import { insertTestUser } from './users.js';

/**
 * The personas of the authorization matrix (docs/design.md §7) and the rows they act on, for every test that
 * runs GraphQL operations as each kind of caller. `useMatrixPersonas()` fills them in for one test file.
 */
export const personas = ['anonymous', 'outsider', 'member', 'admin', 'owner', 'systemAdmin', 'serviceKey'] as const;
export type Persona = (typeof personas)[number];

export interface PersonaSession {
  credential: string | undefined;
  userId: string | undefined;
  /** A notification addressed to this persona's user. */
  notificationId: string;
  /** A service key of this persona's user, to revoke. */
  serviceKeyId: string;
  /** A second user like this persona (its service key for `serviceKey`), for operations that end the account. */
  disposableCredential: string | undefined;
  /** A client address of its own, so per-address rate limits of one persona do not spill onto the next. */
  clientAddress: string;
}

/** How a case calls its operation as a persona. */
export interface PersonaCall {
  document: string;
  /** May create fresh rows, so a destructive operation never spoils the next persona's case. */
  variables?: (session: PersonaSession) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The caller's credential; the persona's own unless the case says otherwise. */
  credential?: (session: PersonaSession) => string | undefined;
}

/** The application under test; a live binding, set by `useMatrixPersonas()`. */
export let testApp: TestApp;
export const sessions = new Map<Persona, PersonaSession>();

/**
 * The shared team for operations that leave it intact; destructive ones make their own with `insertMatrixTeam`.
 * Team personas: member, admin and owner hold those roles; the service key's user is a member (a key acts as
 * its user); outsiders and system admins are not members.
 */
export const teamFixtures = { friendlyId: '', teamId: '' };

/** Applications of the shared team: one granted (ENABLED), one it may request. */
export const applicationFixtures = { grantedId: '', availableId: '' };

/** Rows that administrators read or change: another user, an event, an unprocessed webhook log. */
export const administrationFixtures = { userId: '', eventLogId: '', webhookLogId: '' };

export async function insertMatrixTeam() {
  const userOf = (persona: Persona) => sessions.get(persona)!.userId!;
  const extraMember = await insertTestUser(testApp.database.db);
  const team = await insertTestTeam(testApp.database.db, {
    ownerId: userOf('owner'),
    adminIds: [userOf('admin')],
    memberIds: [userOf('member'), userOf('serviceKey'), extraMember.id],
  });
  return { teamFriendlyId: team.friendlyId, teamId: team.id, extraMemberId: extraMember.id };
}

/** A bookmark of the matrix team, for an operation on one; answers its id. */
export async function insertMatrixBookmark(url = 'https://example.com', name = 'Matrix link'): Promise<string> {
  const [bookmark] = await testApp.database.db
    .insert(bookmarks)
    .values({ teamId: teamFixtures.teamId, url, name })
    .returning();
  return bookmark!.id;
}

/** Another portal session of `userId` (the administered user unless named), for an operation that ends one. */
export async function insertMatrixSession(userId = administrationFixtures.userId): Promise<string> {
  return (await createSession(testApp.database.db, { userId, identityIssuer: 'https://issuer.test' })).id;
}

export async function insertMatrixInvite(options: { teamId: string; email: string }) {
  const expiresAt = new Date(Date.now() + 86_400_000);
  const [invite] = await testApp.database.db
    .insert(teamInvites)
    .values({ teamId: options.teamId, email: options.email, teamRole: 'TeamMember', expiresAt })
    .returning();
  return invite!.id;
}

/** An invite to the persona's own address (a stranger's for anonymous), on a fresh team. */
export async function inviteForPersona(session: PersonaSession) {
  const { teamId } = await insertMatrixTeam();
  const [user] = session.userId
    ? await testApp.database.db.select().from(users).where(eq(users.id, session.userId))
    : [await insertTestUser(testApp.database.db)];
  return { inviteId: await insertMatrixInvite({ teamId, email: user!.email }) };
}

/** A fresh pending request of the shared team, so approving or rejecting it never spoils the next case. */
export async function insertMatrixAppRequest() {
  const { db } = testApp.database;
  const application = await insertTestApplication(db);
  const [request] = await db
    .insert(appRequests)
    .values({
      applicationId: application.id,
      teamId: teamFixtures.teamId,
      teamName: 'Matrix team',
      requestedById: sessions.get('owner')!.userId!,
      contactEmail: 'matrix@example.com',
      firstName: 'Matrix',
      lastName: 'Owner',
    })
    .returning();
  return request!.id;
}

/** Sends `call` with `variables` as the persona of `session`, from the persona's own client address. */
export function requestAsPersona(session: PersonaSession, call: PersonaCall, variables?: Record<string, unknown>) {
  return graphqlRequest(testApp, {
    query: call.document,
    variables,
    credential: call.credential ? call.credential(session) : session.credential,
    headers: { 'x-forwarded-for': session.clientAddress },
  });
}

/** A fresh team with one more member than the personas: the member a team mutation acts on. */
async function extraMemberOfFreshTeam() {
  const { teamFriendlyId, extraMemberId } = await insertMatrixTeam();
  return { teamFriendlyId, memberId: extraMemberId };
}

/** A fresh invite to the shared team, for an operation that changes or ends it. */
const inviteOfSharedTeam = async () => ({
  inviteId: await insertMatrixInvite({ teamId: teamFixtures.teamId, email: `matrix-${randomUUID()}@example.com` }),
});

const freshAppRequest = async () => ({ requestId: await insertMatrixAppRequest() });

/**
 * The calls of the mutations that the authorization matrix and the event-log test make alike (with the documents
 * of test/mutation-documents.ts): what one proves allowed is what the other proves logged. Each call that changes
 * or ends a row makes a fresh one, so no case spoils the next.
 */
export const sharedMutationCalls = {
  acceptInvite: { document: mutationDocuments.acceptInvite, variables: inviteForPersona },
  acceptTerms: { document: mutationDocuments.acceptTerms },
  approveAppRequest: { document: mutationDocuments.approveAppRequest, variables: freshAppRequest },
  createInvite: {
    document: mutationDocuments.createInvite,
    variables: () => ({
      input: {
        teamFriendlyId: teamFixtures.friendlyId,
        emails: [`matrix-${randomUUID()}@example.com`],
        teamRole: 'TeamMember',
      },
    }),
  },
  declineInvite: { document: mutationDocuments.declineInvite, variables: inviteForPersona },
  deleteAccount: { document: mutationDocuments.deleteAccount, credential: (session) => session.disposableCredential },
  deleteInvite: { document: mutationDocuments.deleteInvite, variables: inviteOfSharedTeam },
  deleteTeam: {
    document: mutationDocuments.deleteTeam,
    variables: async () => ({ teamFriendlyId: (await insertMatrixTeam()).teamFriendlyId }),
  },
  markAllNotificationsRead: { document: mutationDocuments.markAllNotificationsRead },
  markNotificationRead: {
    document: mutationDocuments.markNotificationRead,
    variables: (session) => ({ id: session.notificationId }),
  },
  rejectAppRequest: { document: mutationDocuments.rejectAppRequest, variables: freshAppRequest },
  removeTeamMember: { document: mutationDocuments.removeTeamMember, variables: extraMemberOfFreshTeam },
  replayWebhookLog: {
    document: mutationDocuments.replayWebhookLog,
    variables: () => ({ id: administrationFixtures.webhookLogId }),
  },
  /** The shared team asks for a fresh application. */
  requestApplicationAccess: {
    document: mutationDocuments.requestApplicationAccess,
    variables: async () => ({
      input: {
        appId: (await insertTestApplication(testApp.database.db)).id,
        teamFriendlyId: teamFixtures.friendlyId,
        contactEmail: 'matrix@example.com',
        firstName: 'Matrix',
        lastName: 'Persona',
        acceptTerms: false,
      },
    }),
  },
  resendInvite: { document: mutationDocuments.resendInvite, variables: inviteOfSharedTeam },
  revokeOtherSessions: { document: mutationDocuments.revokeOtherSessions },
  revokeServiceKey: {
    document: mutationDocuments.revokeServiceKey,
    variables: (session) => ({ id: session.serviceKeyId }),
  },
  /** Another session of the persona's user (a stranger's for anonymous), so the persona stays signed in. */
  revokeSession: {
    document: mutationDocuments.revokeSession,
    variables: async (session) => ({ id: await insertMatrixSession(session.userId ?? administrationFixtures.userId) }),
  },
  revokeUserSession: {
    document: mutationDocuments.revokeUserSession,
    variables: async () => ({ id: await insertMatrixSession() }),
  },
  transferTeamOwnership: {
    document: mutationDocuments.transferTeamOwnership,
    variables: async () => {
      const { teamFriendlyId, memberId } = await extraMemberOfFreshTeam();
      return { teamFriendlyId, targetUserId: memberId };
    },
  },
  updateAppRequestComments: { document: mutationDocuments.updateAppRequestComments, variables: freshAppRequest },
  updateMemberRole: {
    document: mutationDocuments.updateMemberRole,
    variables: async () => {
      const { teamFriendlyId, memberId } = await extraMemberOfFreshTeam();
      return { memberInput: { teamFriendlyId, userId: memberId, role: 'TeamAdmin' } };
    },
  },
  updateTeam: {
    document: mutationDocuments.updateTeam,
    variables: () => ({ input: { teamFriendlyId: teamFixtures.friendlyId, name: `Matrix team ${randomUUID()}` } }),
  },
  updateTeamMeta: {
    document: mutationDocuments.updateTeamMeta,
    variables: () => ({
      input: { teamFriendlyId: teamFixtures.friendlyId, meta: { colour: 'teal', run: randomUUID() } },
    }),
  },
} satisfies Partial<Record<keyof typeof mutationDocuments, PersonaCall>>;

/**
 * A test of every Query or Mutation field has one case per field of the schema: fails naming the fields without
 * one (`without` names the case, 'a matrix row') and the cases of fields the schema does not have.
 */
export function expectOneCasePerField(fields: readonly string[], covered: readonly string[], without: string): void {
  expect(
    fields.filter((field) => !covered.includes(field)),
    `operations without ${without}`,
  ).toEqual([]);
  expect(
    covered.filter((field) => !fields.includes(field)),
    `cases for unknown operations`,
  ).toEqual([]);
}

/**
 * Registers the hooks that start the application on a fresh database with every persona and fixture before the
 * file's tests, and close it after them. A file's own `beforeAll` hooks, registered later, run after this one.
 */
export function useMatrixPersonas(environment: Record<string, string> = {}): void {
  beforeAll(async () => {
    await setUpMatrixPersonas(environment);
  });
  afterAll(async () => {
    await testApp?.close();
  });
}

async function setUpMatrixPersonas(environment: Record<string, string>): Promise<void> {
  testApp = await createTestApp(environment);
  const { db } = testApp.database;
  administrationFixtures.userId = (await insertTestUser(db)).id;
  administrationFixtures.eventLogId = (
    await db.insert(eventLogs).values({ eventType: 'matrix.event' }).returning()
  )[0]!.id;
  const { log } = await storeWebhookDelivery(db, {
    webhookId: 'msg_matrix',
    envelope: { type: 'matrix.unhandled', timestamp: new Date().toISOString(), data: {} },
  });
  administrationFixtures.webhookLogId = log.id;
  const notificationFor = async (userId: string) =>
    (await createNotification(db, { userId, type: 'TeamInvite', message: 'Matrix notification' })).id;
  const serviceKeyFor = async (userId: string) =>
    (await createServiceKey(db, { userId, name: 'Matrix key to revoke' })).serviceKey.id;
  for (const [index, persona] of personas.entries()) {
    const clientAddress = `198.51.100.${index + 1}`;
    if (persona === 'anonymous') {
      const stranger = await signInTestUser(testApp);
      sessions.set(persona, {
        credential: undefined,
        userId: undefined,
        notificationId: await notificationFor(stranger.user.id),
        serviceKeyId: await serviceKeyFor(stranger.user.id),
        disposableCredential: undefined,
        clientAddress,
      });
      continue;
    }
    const signInPersona = async () => {
      const { user, accessToken } = await signInTestUser(testApp, { isSystemAdmin: persona === 'systemAdmin' });
      return { user, credential: persona === 'serviceKey' ? await createTestServiceKey(testApp, user) : accessToken };
    };
    const { user, credential } = await signInPersona();
    sessions.set(persona, {
      credential,
      userId: user.id,
      notificationId: await notificationFor(user.id),
      serviceKeyId: await serviceKeyFor(user.id),
      disposableCredential: (await signInPersona()).credential,
      clientAddress,
    });
  }

  const { teamFriendlyId, teamId } = await insertMatrixTeam();
  Object.assign(teamFixtures, { friendlyId: teamFriendlyId, teamId });
  applicationFixtures.grantedId = (await insertTestApplication(db)).id;
  applicationFixtures.availableId = (await insertTestApplication(db)).id;
  await grantTestApplication(db, { teamId, applicationId: applicationFixtures.grantedId });
}
