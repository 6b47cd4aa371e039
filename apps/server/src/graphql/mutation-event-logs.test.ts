import { Secret, TOTP } from 'otpauth';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServiceKey } from '../auth/service-keys.js';
import { eventLogs } from '../db/schema/events.js';
import { users } from '../db/schema/users.js';
import { grantTestApplication } from '../test/applications.js';
import { databaseDigest } from '../test/database.js';
import { insertUnconfirmedBuiltInUser, signInBuiltInTestUser } from '../test/built-in-sign-in.js';
import type { SignedInUser } from '../test/graphql.js';
import { registerTestPasskey, testPasskeyRegistrationResponse } from '../test/software-authenticator.js';
import { confirmTotpEnrolment, startTotpEnrolment } from '../idp/second-factors.js';
import {
  administrationFixtures,
  applicationFixtures,
  expectOneCasePerField,
  insertMatrixAppRequest,
  insertMatrixBookmark,
  insertMatrixTeam,
  type Persona,
  type PersonaCall,
  requestAsPersona,
  sessions,
  sharedMutationCalls,
  testApp,
  useMatrixPersonas,
} from '../test/matrix-personas.js';
import { mutationDocuments } from '../test/mutation-documents.js';
import { schema } from './schema.js';

/**
 * docs/design.md §4: every mutation writes one event-log row in its own transaction, without secrets. Each
 * Mutation field of the schema needs a case here, run once successfully as a persona allowed to call it.
 */
interface EventCase extends PersonaCall {
  persona: Persona;
  eventType: string;
}

const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
/** Credentials planted in web addresses; the event log keeps the addresses without them. */
const plantedPassword = `planted-password-${randomUUID()}`;
const plantedToken = `planted-token-${randomUUID()}`;
const addressWithCredentials = (host: string) =>
  `https://planted-user:${plantedPassword}@${host}/docs?page=2&access_token=${plantedToken}`;
/** Every secret the calls below see or send; none may appear in any event payload. */
const knownSecrets = new Set<string>([
  webhookSecret,
  webhookSecret.slice('whsec_'.length),
  plantedPassword,
  plantedToken,
]);

/** A person of the built-in provider who manages an authenticator app (the second-factor cases). */
let totpCaller: SignedInUser | undefined;
const totpPassword = 'a second factor passphrase';
knownSecrets.add(totpPassword);
const totpCodeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
/** Signs a new built-in person in; with `enrolled`, their authenticator app is set up. Answers its secret. */
const signInTotpCaller = async ({ enrolled }: { enrolled: boolean }) => {
  totpCaller = await signInBuiltInTestUser(testApp, totpPassword);
  const accountId = totpCaller.user.identitySubject;
  const { secret } = (await startTotpEnrolment(testApp.database.db, { accountId, email: totpCaller.user.email }))!;
  knownSecrets.add(secret);
  if (enrolled) {
    await confirmTotpEnrolment(testApp.database.db, { accountId, code: totpCodeOf(secret) });
  }
  return secret;
};

/** The person of the built-in provider who changes their password (changeMyPassword's case). */
let builtInCaller: { accessToken: string } | undefined;
/** A person of the built-in provider who manages passkeys (the passkey cases). */
let passkeyCaller: SignedInUser | undefined;
const signInPasskeyCaller = async () => {
  passkeyCaller = await signInBuiltInTestUser(testApp, 'a passkey passphrase');
  return passkeyCaller;
};
const passkeyOfNewCaller = async () => {
  const caller = await signInPasskeyCaller();
  const { passkey } = await registerTestPasskey(testApp.database.db, {
    publicUrl: testApp.config.publicUrl,
    accountId: caller.user.identitySubject,
  });
  return passkey;
};

const eventCases: Record<string, EventCase> = {
  acceptInvite: { persona: 'outsider', ...sharedMutationCalls.acceptInvite, eventType: 'invite.accepted' },
  acceptTerms: { persona: 'outsider', ...sharedMutationCalls.acceptTerms, eventType: 'terms.accepted' },
  addOrUpdateBookmark: {
    persona: 'member',
    document: mutationDocuments.addOrUpdateBookmark,
    variables: () => ({ input: { url: addressWithCredentials('wiki.example.com'), name: 'Planted link' } }),
    eventType: 'bookmark.saved',
  },
  addTeam: {
    persona: 'outsider',
    document: mutationDocuments.addTeam,
    variables: () => ({ input: { name: 'Event team', friendlyId: `event-${randomUUID()}` } }),
    eventType: 'team.created',
  },
  approveAppRequest: {
    persona: 'systemAdmin',
    ...sharedMutationCalls.approveAppRequest,
    eventType: 'app-request.approved',
  },
  changeMyPassword: {
    persona: 'outsider',
    document: mutationDocuments.changeMyPassword,
    // Only a person of the built-in provider has a password here; the call is theirs.
    variables: async () => {
      builtInCaller = await signInBuiltInTestUser(testApp, 'the current passphrase');
      return { input: { currentPassword: 'the current passphrase', newPassword: 'the next passphrase' } };
    },
    credential: () => builtInCaller?.accessToken,
    eventType: 'user.password-changed',
  },
  startPasskeyRegistration: {
    persona: 'outsider',
    document: mutationDocuments.startPasskeyRegistration,
    variables: async () => {
      await signInPasskeyCaller();
      return {};
    },
    credential: () => passkeyCaller?.accessToken,
    eventType: 'user.passkey-registration-started',
  },
  finishPasskeyRegistration: {
    persona: 'outsider',
    document: mutationDocuments.finishPasskeyRegistration,
    variables: async () => {
      const caller = await signInPasskeyCaller();
      const { response } = await testPasskeyRegistrationResponse(testApp.database.db, {
        publicUrl: testApp.config.publicUrl,
        accountId: caller.user.identitySubject,
      });
      return { input: { name: 'Event passkey', response: JSON.stringify(response) } };
    },
    credential: () => passkeyCaller?.accessToken,
    eventType: 'user.passkey-added',
  },
  renamePasskey: {
    persona: 'outsider',
    document: mutationDocuments.renamePasskey,
    variables: async () => ({ input: { id: (await passkeyOfNewCaller()).id, name: 'Renamed passkey' } }),
    credential: () => passkeyCaller?.accessToken,
    eventType: 'user.passkey-renamed',
  },
  removePasskey: {
    persona: 'outsider',
    document: mutationDocuments.removePasskey,
    variables: async () => ({ id: (await passkeyOfNewCaller()).id }),
    credential: () => passkeyCaller?.accessToken,
    eventType: 'user.passkey-removed',
  },
  startTotpEnrolment: {
    persona: 'outsider',
    document: mutationDocuments.startTotpEnrolment,
    variables: async () => {
      totpCaller = await signInBuiltInTestUser(testApp, totpPassword);
      return {};
    },
    credential: () => totpCaller?.accessToken,
    eventType: 'user.totp-enrolment-started',
  },
  confirmTotpEnrolment: {
    persona: 'outsider',
    document: mutationDocuments.confirmTotpEnrolment,
    variables: async () => ({ input: { code: totpCodeOf(await signInTotpCaller({ enrolled: false })) } }),
    credential: () => totpCaller?.accessToken,
    eventType: 'user.second-factor-added',
  },
  removeTotp: {
    persona: 'outsider',
    document: mutationDocuments.removeTotp,
    variables: async () => {
      await signInTotpCaller({ enrolled: true });
      return { input: { password: totpPassword } };
    },
    credential: () => totpCaller?.accessToken,
    eventType: 'user.second-factor-removed',
  },
  regenerateRecoveryCodes: {
    persona: 'outsider',
    document: mutationDocuments.regenerateRecoveryCodes,
    variables: async () => {
      await signInTotpCaller({ enrolled: true });
      return {};
    },
    credential: () => totpCaller?.accessToken,
    eventType: 'user.recovery-codes-regenerated',
  },
  contactUs: {
    persona: 'anonymous',
    document: mutationDocuments.contactUs,
    variables: () => ({
      input: { name: 'Event', email: 'event@example.com', subject: 'Hello', message: 'Checking the log.' },
    }),
    eventType: 'contact.message_sent',
  },
  createApplication: {
    persona: 'systemAdmin',
    document: mutationDocuments.createApplication,
    variables: () => ({
      input: { name: `Event app ${randomUUID()}`, url: addressWithCredentials('tool.example.com') },
    }),
    eventType: 'application.created',
  },
  createInvite: { persona: 'owner', ...sharedMutationCalls.createInvite, eventType: 'invite.created' },
  createServiceKey: {
    persona: 'outsider',
    document: mutationDocuments.createServiceKey,
    variables: () => ({ name: 'Event key' }),
    eventType: 'service_key.created',
  },
  declineInvite: { persona: 'outsider', ...sharedMutationCalls.declineInvite, eventType: 'invite.declined' },
  deleteAccount: { persona: 'outsider', ...sharedMutationCalls.deleteAccount, eventType: 'account.deleted' },
  deleteBookmark: {
    persona: 'owner',
    document: mutationDocuments.deleteBookmark,
    variables: async () => ({ bookmarkId: await insertTeamBookmark() }),
    eventType: 'bookmark.deleted',
  },
  deleteInvite: { persona: 'admin', ...sharedMutationCalls.deleteInvite, eventType: 'invite.deleted' },
  deleteTeam: { persona: 'owner', ...sharedMutationCalls.deleteTeam, eventType: 'team.deleted' },
  logInteraction: {
    persona: 'member',
    document: 'mutation LogInteraction($entityId: ID!) { logInteraction(entityId: $entityId, type: BOOKMARK) }',
    variables: async () => ({ entityId: await insertTeamBookmark(addressWithCredentials('drive.example.com')) }),
    eventType: 'bookmark.opened',
  },
  setMyNotificationPreference: {
    persona: 'member',
    document: mutationDocuments.setMyNotificationPreference,
    variables: () => ({ input: { type: 'TeamInvite', delivery: 'PORTAL' } }),
    eventType: 'notification-preference.updated',
  },
  markAllNotificationsRead: {
    persona: 'admin',
    ...sharedMutationCalls.markAllNotificationsRead,
    eventType: 'notification.all-read',
  },
  markNotificationRead: {
    persona: 'member',
    ...sharedMutationCalls.markNotificationRead,
    eventType: 'notification.read',
  },
  rejectAppRequest: {
    persona: 'systemAdmin',
    ...sharedMutationCalls.rejectAppRequest,
    eventType: 'app-request.rejected',
  },
  withdrawAppRequest: {
    // The matrix's requests are made by the owner.
    persona: 'owner',
    document: 'mutation WithdrawAppRequest($requestId: ID!) { withdrawAppRequest(requestId: $requestId) { id } }',
    variables: async () => ({ requestId: await insertMatrixAppRequest() }),
    eventType: 'app-request.withdrawn',
  },
  removeTeamMember: { persona: 'admin', ...sharedMutationCalls.removeTeamMember, eventType: 'member.removed' },
  replayWebhookLog: { persona: 'systemAdmin', ...sharedMutationCalls.replayWebhookLog, eventType: 'webhook.replayed' },
  requestApplicationAccess: {
    persona: 'member',
    ...sharedMutationCalls.requestApplicationAccess,
    eventType: 'app-request.created',
  },
  resendInvite: { persona: 'admin', ...sharedMutationCalls.resendInvite, eventType: 'invite.resent' },
  revokeAnyServiceKey: {
    persona: 'systemAdmin',
    document: mutationDocuments.revokeAnyServiceKey,
    variables: async () => {
      const created = await createServiceKey(testApp.database.db, {
        userId: administrationFixtures.userId,
        name: 'Event key',
      });
      knownSecrets.add(created.plainKey);
      return { id: created.serviceKey.id };
    },
    eventType: 'service_key.revoked',
  },
  revokeSession: { persona: 'owner', ...sharedMutationCalls.revokeSession, eventType: 'session.revoked' },
  revokeOtherSessions: { persona: 'member', ...sharedMutationCalls.revokeOtherSessions, eventType: 'session.revoked' },
  revokeUserSession: { persona: 'systemAdmin', ...sharedMutationCalls.revokeUserSession, eventType: 'session.revoked' },
  revokeServiceKey: { persona: 'owner', ...sharedMutationCalls.revokeServiceKey, eventType: 'service_key.revoked' },
  revokeTeamApplication: {
    persona: 'systemAdmin',
    document: mutationDocuments.revokeTeamApplication,
    variables: async () => {
      const { teamFriendlyId, teamId } = await insertMatrixTeam();
      await grantTestApplication(testApp.database.db, { teamId, applicationId: applicationFixtures.grantedId });
      return { friendlyTeamId: teamFriendlyId, appId: applicationFixtures.grantedId };
    },
    eventType: 'team-application.revoked',
  },
  createPerson: {
    persona: 'systemAdmin',
    document: 'mutation CreatePerson($input: CreatePersonInput!) { createPerson(input: $input) { link } }',
    variables: () => ({
      input: { email: `added-${randomUUID()}@example.test`, firstName: 'Event', lastName: 'Added' },
    }),
    eventType: 'user.created',
  },
  reactivateUser: {
    persona: 'systemAdmin',
    document: mutationDocuments.reactivateUser,
    variables: async () => {
      const { user } = await signInBuiltInTestUser(testApp, 'a suspended passphrase');
      await testApp.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
      return { userId: user.id };
    },
    eventType: 'user.reactivated',
  },
  resetSecondFactors: {
    persona: 'systemAdmin',
    document: mutationDocuments.resetSecondFactors,
    variables: async () => {
      const { user } = await signInBuiltInTestUser(testApp, 'a lost phone passphrase');
      await registerTestPasskey(testApp.database.db, {
        publicUrl: testApp.config.publicUrl,
        accountId: user.identitySubject,
      });
      return { userId: user.id };
    },
    eventType: 'user.second-factors-reset',
  },
  resendVerificationMail: {
    persona: 'systemAdmin',
    document: 'mutation ResendVerificationMail($userId: ID!) { resendVerificationMail(userId: $userId) { link } }',
    variables: async () => ({ userId: (await insertUnconfirmedBuiltInUser(testApp)).id }),
    eventType: 'user.verification-resent',
  },
  sendPasswordResetLink: {
    persona: 'systemAdmin',
    document: 'mutation SendPasswordResetLink($userId: ID!) { sendPasswordResetLink(userId: $userId) { link } }',
    variables: async () => ({ userId: (await signInBuiltInTestUser(testApp, 'a forgotten passphrase')).user.id }),
    eventType: 'user.password-reset-link',
  },
  suspendUser: {
    persona: 'systemAdmin',
    document: mutationDocuments.suspendUser,
    variables: async () => ({ userId: (await signInBuiltInTestUser(testApp, 'a suspended passphrase')).user.id }),
    eventType: 'user.suspended',
  },
  transferTeamOwnership: {
    persona: 'owner',
    ...sharedMutationCalls.transferTeamOwnership,
    eventType: 'team.ownership_transferred',
  },
  updateAppRequestComments: {
    persona: 'systemAdmin',
    ...sharedMutationCalls.updateAppRequestComments,
    eventType: 'app-request.comments-updated',
  },
  updateAppStatus: {
    persona: 'admin',
    document:
      'mutation UpdateAppStatus($friendlyTeamId: String!, $appId: ID!) { updateAppStatus(friendlyTeamId: $friendlyTeamId, appId: $appId, status: DISABLED) { status } }',
    variables: async () => {
      const { teamFriendlyId, teamId } = await insertMatrixTeam();
      await grantTestApplication(testApp.database.db, { teamId, applicationId: applicationFixtures.grantedId });
      return { friendlyTeamId: teamFriendlyId, appId: applicationFixtures.grantedId };
    },
    eventType: 'team-application.updated',
  },
  updateApplication: {
    persona: 'systemAdmin',
    document: mutationDocuments.updateApplication,
    variables: () => ({ input: { id: applicationFixtures.availableId, description: 'Checked by the event log' } }),
    eventType: 'application.updated',
  },
  updateMemberRole: { persona: 'owner', ...sharedMutationCalls.updateMemberRole, eventType: 'member.role_changed' },
  updateMyProfile: {
    persona: 'outsider',
    document: mutationDocuments.updateMyProfile,
    variables: () => ({ userInput: { firstName: 'Event', lastName: `Persona ${randomUUID()}` } }),
    eventType: 'profile.updated',
  },
  updateTeam: { persona: 'admin', ...sharedMutationCalls.updateTeam, eventType: 'team.updated' },
  updateTeamMeta: { persona: 'owner', ...sharedMutationCalls.updateTeamMeta, eventType: 'team.updated' },
  updateUser: {
    persona: 'systemAdmin',
    document: mutationDocuments.updateUser,
    variables: () => ({
      userInput: { id: administrationFixtures.userId, firstName: `Event ${randomUUID().slice(0, 8)}` },
    }),
    eventType: 'user.updated',
  },
};

const insertTeamBookmark = (url = 'https://example.com/handbook') => insertMatrixBookmark(url, 'Event link');

/** The database's tables, to look for rows the call wrote. */
async function tableNames(): Promise<string[]> {
  const result = (await testApp.database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/**
 * A transaction id below every later write. Row versions carry the id of the transaction that wrote them
 * (`xmin`), so the rows a call wrote are those with a later one (a 32-bit id; a test run is far from wrapping).
 */
async function transactionMarker(): Promise<bigint> {
  const result = (await testApp.database.db.execute(
    sql`select (pg_current_xact_id()::text::bigint % 4294967296)::text as marker`,
  )) as { rows: { marker: string }[] };
  return BigInt(result.rows[0]!.marker);
}

/** Which transactions wrote rows after `marker`, per table. */
async function writersSince(marker: bigint): Promise<Record<string, string[]>> {
  const writers: Record<string, string[]> = {};
  for (const name of await tableNames()) {
    const result = (await testApp.database.db.execute(
      sql`select distinct xmin::text as xid from ${sql.identifier(name)} where xmin::text::bigint > ${marker.toString()}::bigint`,
    )) as { rows: { xid: string }[] };
    if (result.rows.length > 0) writers[name] = result.rows.map((row) => row.xid).sort();
  }
  return writers;
}

const refuseEventLogs = (isRefused: boolean) =>
  testApp.database.db.execute(
    isRefused
      ? sql`alter table event_logs enable trigger event_logs_refused_by_test`
      : sql`alter table event_logs disable trigger event_logs_refused_by_test`,
  );

async function eventLogIds(): Promise<Set<string>> {
  return new Set((await testApp.database.db.select({ id: eventLogs.id }).from(eventLogs)).map((row) => row.id));
}

// The notification mail job writes outside any call (it claims waiting mails by deleting them, and makes the
// unsubscribe links' key on first use): with a day's delay, no mail falls due while this file runs.
useMatrixPersonas({ BILLING_WEBHOOK_SECRET: webhookSecret, NOTIFICATION_MAIL_DELAY_SECONDS: '86400' });
beforeAll(async () => {
  for (const session of sessions.values()) {
    for (const credential of [session.credential, session.disposableCredential])
      if (credential) knownSecrets.add(credential);
  }
  // Makes writing an event fail on demand, to prove that the call's other writes go with it.
  await testApp.database.db.execute(sql`
    create function refuse_event_log() returns trigger language plpgsql as $$
    begin
      raise exception 'the test refuses event-log rows';
    end
    $$`);
  await testApp.database.db.execute(
    sql`create trigger event_logs_refused_by_test before insert on event_logs for each row execute function refuse_event_log()`,
  );
  await refuseEventLogs(false);
});

describe('ASVS V16.2.1, V16.2.5 (log content, no credentials) – every mutation writes one event-log row in its transaction', () => {
  it.each(Object.entries(eventCases))('%s', async (field, eventCase) => {
    const session = sessions.get(eventCase.persona)!;
    const variables = await eventCase.variables?.(session);
    const request = () => requestAsPersona(session, eventCase, variables);
    const { db } = testApp.database;
    // A session seen over a minute ago is touched by its next request, outside the call's transaction: every
    // session is seen now, so that the case's own writes are the only ones (a slow machine passed the minute).
    await db.execute(sql`update sessions set last_seen_at = now()`);

    // When its event cannot be written, the call fails and changes nothing.
    await refuseEventLogs(true);
    try {
      const before = await databaseDigest(db);
      const refused = await request();
      expect(refused.errors?.[0]?.message, 'the call fails with its event').toBe('Unexpected error');
      expect(await databaseDigest(db), 'nothing the call wrote outlives its event').toEqual(before);
    } finally {
      await refuseEventLogs(false);
    }

    const earlierEvents = await eventLogIds();
    const marker = await transactionMarker();
    const response = await request();
    expect(response.errors, field).toBeUndefined();
    const createdKey = (response.data?.createServiceKey as { key?: string } | undefined)?.key;
    if (createdKey) knownSecrets.add(createdKey);

    const newEvents = (await db.select().from(eventLogs)).filter((event) => !earlierEvents.has(event.id));
    expect(
      newEvents.map((event) => event.eventType),
      'exactly one new event',
    ).toEqual([eventCase.eventType]);
    const [event] = newEvents;
    const actorEmail = session.userId
      ? (await db.select({ email: users.email }).from(users).where(eq(users.id, session.userId)))[0]?.email
      : undefined;
    if (eventCase.persona !== 'anonymous' && !eventCase.credential) expect(event!.userEmail).toBe(actorEmail);

    const eventWriter = (await db.execute(sql`select xmin::text as xid from event_logs where id = ${event!.id}`)) as {
      rows: { xid: string }[];
    };
    const writers = await writersSince(marker);
    expect(
      new Set(Object.values(writers).flat()),
      `every row was written by the event's transaction: ${JSON.stringify(writers)}`,
    ).toEqual(new Set([eventWriter.rows[0]!.xid]));

    const payload = JSON.stringify(event!.payload);
    for (const secret of knownSecrets) expect(payload, 'a secret in the payload').not.toContain(secret);
  });

  it('has a case for every Mutation field of the schema, and none for a field that does not exist', () => {
    const mutationType = schema.getType('Mutation');
    const mutations = mutationType && isObjectType(mutationType) ? Object.keys(mutationType.getFields()) : [];
    expectOneCasePerField(mutations, Object.keys(eventCases), 'an event case');
  });

  it('leaves no known secret in any event payload, web addresses included', async () => {
    const payloads = JSON.stringify(await testApp.database.db.select({ payload: eventLogs.payload }).from(eventLogs));
    expect(payloads).toContain('"https://wiki.example.com/docs?page=2&access_token=redacted"');
    expect(payloads).not.toContain('planted-user');
    for (const secret of knownSecrets) expect(payloads).not.toContain(secret);
  });
});
