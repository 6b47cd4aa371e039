import { isInputObjectType, isObjectType, type GraphQLArgument, type GraphQLInputType, getNamedType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceKey } from '../auth/service-keys.js';
import { appRequests } from '../db/schema/applications.js';
import { bookmarks } from '../db/schema/bookmarks.js';
import { grantTestApplication, insertTestApplication } from '../test/applications.js';
import { teamInvites } from '../db/schema/teams.js';
import { createNotification } from '../modules/notifications/notifications.service.js';
import { insertTestTeam } from '../test/teams.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { databaseDigest } from '../test/database.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../test/graphql.js';
import { schema } from './schema.js';

/**
 * Cross-tenant access (docs/security.md): team A's owner replays every operation with team B's identifiers (B's team, members, invites,
 * bookmarks, notifications, service keys). Each must answer NOT_FOUND, as for a row that does not exist, and leave
 * every table exactly as it was.
 */

let testApp: TestApp;
let attacker: SignedInUser;
const victims = {
  teamFriendlyId: '',
  teamId: '',
  /** Granted (ENABLED) to B only. */
  applicationId: '',
  /** B's pending request for another application. */
  appRequestId: '',
  ownerId: '',
  memberId: '',
  /** Addressed to a colleague of B, not to the attacker. */
  inviteId: '',
  teamBookmarkId: '',
  personalBookmarkId: '',
  notificationId: '',
  serviceKeyId: '',
};

interface CrossTenantCase {
  operation: string;
  document: string;
  variables: () => Record<string, unknown>;
}

const bookmarkInput = { name: 'Taken over', url: 'https://attacker.example/' };

const cases: CrossTenantCase[] = [
  {
    operation: 'Query.teamByFriendlyId',
    document: 'query GetTeamByFriendlyId($friendlyId: String!) { teamByFriendlyId(friendlyId: $friendlyId) { id } }',
    variables: () => ({ friendlyId: victims.teamFriendlyId }),
  },
  {
    operation: 'Query.teamMembers',
    document:
      'query GetTeamMembers($teamFriendlyId: String!) { teamMembers(teamFriendlyId: $teamFriendlyId) { nodes { email } } }',
    variables: () => ({ teamFriendlyId: victims.teamFriendlyId }),
  },
  {
    operation: 'Query.teamInvites',
    document:
      'query GetTeamInvites($teamFriendlyId: String!) { teamInvites(teamFriendlyId: $teamFriendlyId) { nodes { email } } }',
    variables: () => ({ teamFriendlyId: victims.teamFriendlyId }),
  },
  {
    operation: 'Query.myInvite',
    document: 'query GetMyInvite($inviteId: ID!) { myInvite(inviteId: $inviteId) { teamName invitedByEmail } }',
    variables: () => ({ inviteId: victims.inviteId }),
  },
  {
    operation: 'Query.teamBookmarks',
    document:
      'query GetTeamBookmarks($teamFriendlyId: String!) { teamBookmarks(teamFriendlyId: $teamFriendlyId) { nodes { url } } }',
    variables: () => ({ teamFriendlyId: victims.teamFriendlyId }),
  },
  {
    operation: 'Mutation.updateTeam',
    document: 'mutation UpdateTeam($input: UpdateTeamInput!) { updateTeam(input: $input) { id } }',
    variables: () => ({ input: { teamFriendlyId: victims.teamFriendlyId, name: 'Taken over' } }),
  },
  {
    operation: 'Mutation.updateTeamMeta',
    document: 'mutation UpdateTeamMeta($input: UpdateTeamMetaInput!) { updateTeamMeta(input: $input) { id } }',
    variables: () => ({ input: { teamFriendlyId: victims.teamFriendlyId, meta: { takenOver: true } } }),
  },
  {
    operation: 'Mutation.deleteTeam',
    document: 'mutation DeleteTeam($teamFriendlyId: String!) { deleteTeam(teamFriendlyId: $teamFriendlyId) }',
    variables: () => ({ teamFriendlyId: victims.teamFriendlyId }),
  },
  {
    operation: 'Mutation.removeTeamMember',
    document:
      'mutation RemoveTeamMember($teamFriendlyId: String!, $memberId: ID!) { removeTeamMember(teamFriendlyId: $teamFriendlyId, memberId: $memberId) }',
    variables: () => ({ teamFriendlyId: victims.teamFriendlyId, memberId: victims.memberId }),
  },
  {
    operation: 'Mutation.updateMemberRole',
    document:
      'mutation UpdateMemberRole($memberInput: UpdateMemberRoleInput!) { updateMemberRole(memberInput: $memberInput) { role } }',
    variables: () => ({
      memberInput: { teamFriendlyId: victims.teamFriendlyId, userId: victims.memberId, role: 'TeamAdmin' },
    }),
  },
  {
    operation: 'Mutation.transferTeamOwnership',
    document:
      'mutation TransferTeamOwnership($teamFriendlyId: String!, $targetUserId: ID!) { transferTeamOwnership(teamFriendlyId: $teamFriendlyId, targetUserId: $targetUserId) { id } }',
    variables: () => ({ teamFriendlyId: victims.teamFriendlyId, targetUserId: victims.memberId }),
  },
  {
    operation: 'Mutation.createInvite',
    document: 'mutation CreateInvite($input: CreateInviteInput!) { createInvite(input: $input) { successCount } }',
    variables: () => ({
      input: { teamFriendlyId: victims.teamFriendlyId, emails: ['accomplice@attacker.example'], teamRole: 'TeamAdmin' },
    }),
  },
  {
    operation: 'Mutation.deleteInvite',
    document: 'mutation DeleteInvite($inviteId: ID!) { deleteInvite(inviteId: $inviteId) }',
    variables: () => ({ inviteId: victims.inviteId }),
  },
  {
    operation: 'Mutation.resendInvite',
    document: 'mutation ResendInvite($inviteId: ID!) { resendInvite(inviteId: $inviteId) { id } }',
    variables: () => ({ inviteId: victims.inviteId }),
  },
  {
    operation: 'Mutation.acceptInvite',
    document: 'mutation AcceptInvite($inviteId: ID!) { acceptInvite(inviteId: $inviteId) }',
    variables: () => ({ inviteId: victims.inviteId }),
  },
  {
    operation: 'Mutation.declineInvite',
    document: 'mutation DeclineInvite($inviteId: ID!) { declineInvite(inviteId: $inviteId) }',
    variables: () => ({ inviteId: victims.inviteId }),
  },
  {
    operation: 'Mutation.addOrUpdateBookmark',
    document:
      'mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }',
    variables: () => ({ input: { ...bookmarkInput, teamFriendlyId: victims.teamFriendlyId } }),
  },
  {
    operation: 'Mutation.addOrUpdateBookmark (a team bookmark of B by id)',
    document:
      'mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }',
    variables: () => ({ input: { ...bookmarkInput, id: victims.teamBookmarkId } }),
  },
  {
    operation: "Mutation.addOrUpdateBookmark (B's personal bookmark by id)",
    document:
      'mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }',
    variables: () => ({ input: { ...bookmarkInput, id: victims.personalBookmarkId } }),
  },
  {
    operation: 'Query.bookmark',
    document: 'query GetBookmark($id: ID!) { bookmark(id: $id) { url } }',
    variables: () => ({ id: victims.teamBookmarkId }),
  },
  {
    operation: "Query.bookmark (B's personal bookmark)",
    document: 'query GetBookmark($id: ID!) { bookmark(id: $id) { url } }',
    variables: () => ({ id: victims.personalBookmarkId }),
  },
  {
    operation: 'Mutation.deleteBookmark',
    document: 'mutation DeleteBookmark($bookmarkId: ID!) { deleteBookmark(bookmarkId: $bookmarkId) }',
    variables: () => ({ bookmarkId: victims.teamBookmarkId }),
  },
  {
    operation: "Mutation.deleteBookmark (B's personal bookmark)",
    document: 'mutation DeleteBookmark($bookmarkId: ID!) { deleteBookmark(bookmarkId: $bookmarkId) }',
    variables: () => ({ bookmarkId: victims.personalBookmarkId }),
  },
  {
    operation: 'Mutation.markNotificationRead',
    document: 'mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { id } }',
    variables: () => ({ id: victims.notificationId }),
  },
  {
    operation: 'Mutation.revokeServiceKey',
    document: 'mutation RevokeServiceKey($id: ID!) { revokeServiceKey(id: $id) { id } }',
    variables: () => ({ id: victims.serviceKeyId }),
  },
  {
    operation: 'Query.teamApplications',
    document: 'query GetTeamApplications($teamId: ID!) { teamApplications(teamId: $teamId) { nodes { id } } }',
    variables: () => ({ teamId: victims.teamId }),
  },
  {
    operation: 'Query.teamAvailableApps',
    document:
      'query GetTeamAvailableApps($teamFriendlyId: String!) { teamAvailableApps(teamFriendlyId: $teamFriendlyId) { nodes { id } } }',
    variables: () => ({ teamFriendlyId: victims.teamFriendlyId }),
  },
  {
    operation: 'Query.appInfoForRequest',
    document:
      'query GetAppInfoForRequest($appId: ID!, $teamFriendlyId: String!) { appInfoForRequest(appId: $appId, teamFriendlyId: $teamFriendlyId) { email } }',
    variables: () => ({ appId: victims.applicationId, teamFriendlyId: victims.teamFriendlyId }),
  },
  {
    operation: 'Query.appRequest',
    document: 'query GetAppRequest($id: ID!) { appRequest(id: $id) { contactEmail } }',
    variables: () => ({ id: victims.appRequestId }),
  },
  {
    operation: 'Mutation.withdrawAppRequest',
    document: 'mutation WithdrawAppRequest($requestId: ID!) { withdrawAppRequest(requestId: $requestId) { status } }',
    variables: () => ({ requestId: victims.appRequestId }),
  },
  {
    operation: 'Mutation.requestApplicationAccess',
    document:
      'mutation RequestApplicationAccess($input: RequestAccessInput!) { requestApplicationAccess(input: $input) { id } }',
    variables: () => ({
      input: {
        appId: victims.applicationId,
        teamFriendlyId: victims.teamFriendlyId,
        contactEmail: 'mallory@attacker.example',
        firstName: 'Mallory',
        lastName: 'Attacker',
        acceptTerms: true,
      },
    }),
  },
  {
    operation: 'Mutation.updateAppStatus',
    document:
      'mutation UpdateAppStatus($friendlyTeamId: String!, $appId: ID!) { updateAppStatus(friendlyTeamId: $friendlyTeamId, appId: $appId, status: DISABLED) { status } }',
    variables: () => ({ friendlyTeamId: victims.teamFriendlyId, appId: victims.applicationId }),
  },
  {
    operation: 'Mutation.logInteraction',
    document: 'mutation LogInteraction($entityId: ID!) { logInteraction(entityId: $entityId, type: APPLICATION) }',
    variables: () => ({ entityId: victims.applicationId }),
  },
  {
    operation: "Mutation.logInteraction (B's team bookmark)",
    document: 'mutation LogInteraction($entityId: ID!) { logInteraction(entityId: $entityId, type: BOOKMARK) }',
    variables: () => ({ entityId: victims.teamBookmarkId }),
  },
];

/**
 * Operations that take an identifier but are not tenant-scoped, with the reason. A new operation with an id
 * argument fails the completeness test until it is swept above or listed here.
 */
const notTenantScoped: Record<string, string> = {
  'Query.myProfile': "the caller's own profile; `userId` only names the caller (matrix: Query.myProfile)",
  'Query.userById': 'system administrators only, who see every user',
  'Query.eventDetail': 'system administrators only',
  'Query.setupChecklist': 'system administrators only; the installation as a whole, no identifier',
  'Query.systemOverview': 'system administrators only; counts across the installation, no identifier',
  'Query.webhookLog': 'system administrators only',
  'Mutation.replayWebhookLog': 'system administrators only',
  'Mutation.updateUser': 'system administrators only',
  'Mutation.revokeAnyServiceKey': 'system administrators only, for every key of the installation',
  'Mutation.addTeam':
    'creates a new team; `ownerEmail` is honoured for system administrators only (privileged-inputs test)',
  'Mutation.acceptTerms': "the caller's own acceptance",
  'Query.applicationById': 'the catalogue is open to anyone signed in; `teams` lists only the caller’s own teams',
  'Query.appInfo': 'the catalogue entry with the caller’s own teams only',
  'Mutation.approveAppRequest': 'system administrators only',
  'Mutation.rejectAppRequest': 'system administrators only',
  'Mutation.updateAppRequestComments': 'system administrators only',
  'Mutation.createApplication': 'system administrators only',
  'Mutation.updateApplication': 'system administrators only',
  'Mutation.revokeSession':
    "the caller's own sessions only (the WHERE names the caller); another person's session is NOT_FOUND " +
    '(modules/sessions/sessions.test.ts)',
  'Query.userSessions': 'system administrators only',
  'Mutation.renamePasskey':
    "the caller's own passkeys only (the WHERE names the caller's account); another person's is NOT_FOUND " +
    '(modules/passkeys/passkeys.test.ts)',
  'Mutation.removePasskey':
    "the caller's own passkeys only (the WHERE names the caller's account); another person's is NOT_FOUND " +
    '(modules/passkeys/passkeys.test.ts)',
  'Mutation.revokeUserSession': 'system administrators only',
  'Mutation.sendPasswordResetLink': 'system administrators only',
  'Mutation.createPerson': 'system administrators only; creates a person, no identifier of a tenant',
  'Mutation.suspendUser': 'system administrators only',
  'Mutation.reactivateUser': 'system administrators only',
  'Mutation.resendVerificationMail': 'system administrators only',
  'Mutation.resetSecondFactors':
    'system administrators only, for any person (modules/admin-users/second-factor-reset.test.ts)',
  'Query.userSecondFactors': 'system administrators only, who see every user',
  'Mutation.revokeTeamApplication': 'system administrators only',
};

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  attacker = await signInTestUser(testApp);
  await insertTestTeam(db, { ownerId: attacker.user.id });

  const victimOwner = await signInTestUser(testApp);
  const victimMember = await signInTestUser(testApp);
  const victimTeam = await insertTestTeam(db, { ownerId: victimOwner.user.id, memberIds: [victimMember.user.id] });
  const [invite] = await db
    .insert(teamInvites)
    .values({
      teamId: victimTeam.id,
      email: 'colleague@victim.example',
      teamRole: 'TeamMember',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [teamBookmark] = await db
    .insert(bookmarks)
    .values({ teamId: victimTeam.id, name: 'Team wiki', url: 'https://wiki.victim.example/' })
    .returning();
  const [personalBookmark] = await db
    .insert(bookmarks)
    .values({ ownerUserId: victimOwner.user.id, name: 'My mail', url: 'https://mail.victim.example/' })
    .returning();
  const notification = await createNotification(db, {
    userId: victimOwner.user.id,
    type: 'TeamInvite',
    message: 'For B only',
  });
  const { serviceKey } = await createServiceKey(db, { userId: victimOwner.user.id, name: 'Deploy key' });
  const victimApplication = await insertTestApplication(db);
  await grantTestApplication(db, { teamId: victimTeam.id, applicationId: victimApplication.id });
  const [victimRequest] = await db
    .insert(appRequests)
    .values({
      applicationId: (await insertTestApplication(db)).id,
      teamId: victimTeam.id,
      teamName: victimTeam.name,
      requestedById: victimMember.user.id,
      contactEmail: 'member@victim.example',
      firstName: 'Victim',
      lastName: 'Member',
    })
    .returning();
  Object.assign(victims, {
    teamFriendlyId: victimTeam.friendlyId,
    teamId: victimTeam.id,
    applicationId: victimApplication.id,
    appRequestId: victimRequest!.id,
    ownerId: victimOwner.user.id,
    memberId: victimMember.user.id,
    inviteId: invite!.id,
    teamBookmarkId: teamBookmark!.id,
    personalBookmarkId: personalBookmark!.id,
    notificationId: notification.id,
    serviceKeyId: serviceKey.id,
  });
});
afterAll(async () => {
  await testApp.close();
});

describe("API1:2023 BOLA (ASVS V8.2.2, V8.4.1) – cross-tenant: team A's owner with team B's identifiers", () => {
  it.each(cases)('$operation → NOT_FOUND, nothing changed', async ({ document, variables }) => {
    const before = await databaseDigest(testApp.database.db);
    const response = await graphqlRequest(testApp, {
      query: document,
      variables: variables(),
      credential: attacker.accessToken,
    });
    expect(errorCodeOf(response)).toBe('NOT_FOUND');
    expect(response.data?.[Object.keys(response.data ?? {})[0] ?? ''] ?? null).toBeNull();
    expect(await databaseDigest(testApp.database.db)).toEqual(before);
  });

  it('sweeps every operation that takes an identifier, or says why it needs no sweep', () => {
    const takesIdentifier = (
      argument: GraphQLArgument | { type: GraphQLInputType; name: string },
      seen = new Set<string>(),
    ): boolean => {
      if (/(^id$|Id$|^friendlyId$)/.test(argument.name)) return true;
      const named = getNamedType(argument.type);
      // A filter only narrows a list the caller may already read; it names no row to act on.
      if (!isInputObjectType(named) || named.name.endsWith('FilterInput') || seen.has(named.name)) return false;
      seen.add(named.name);
      return Object.values(named.getFields()).some((field) => takesIdentifier(field, seen));
    };
    const operations = (['Query', 'Mutation'] as const).flatMap((typeName) => {
      const type = schema.getType(typeName);
      if (!type || !isObjectType(type)) return [];
      return Object.values(type.getFields())
        .filter((field) => field.args.some((argument) => takesIdentifier(argument)))
        .map((field) => `${typeName}.${field.name}`);
    });
    const swept = new Set(cases.map((entry) => entry.operation.split(' ')[0]));
    const unswept = operations.filter((operation) => !swept.has(operation) && !(operation in notTenantScoped));
    expect(unswept, 'operations with identifiers that are neither swept nor explained').toEqual([]);
  });

  it("myNotifications names no actor of B's: asked for B's invite, it lists nothing", async () => {
    const db = testApp.database.db;
    const sender = await signInTestUser(testApp, { firstName: 'Sender', lastName: 'OfTeamB' });
    const [invite] = await db
      .insert(teamInvites)
      .values({
        teamId: victims.teamId,
        email: 'another-colleague@victim.example',
        teamRole: 'TeamMember',
        invitedBy: sender.user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await createNotification(db, {
      userId: victims.memberId,
      type: 'TeamInvite',
      message: 'For B only',
      externalId: invite!.id,
    });
    const response = await graphqlRequest<{ myNotifications: { nodes: unknown[] } }>(testApp, {
      query: 'query ($where: NotificationFilterInput) { myNotifications(where: $where) { nodes { actorName } } }',
      variables: { where: { externalId: { eq: invite!.id } } },
      credential: attacker.accessToken,
    });
    expect(response.errors).toBeUndefined();
    expect(response.data?.myNotifications.nodes).toEqual([]);
    expect(JSON.stringify(response)).not.toContain('OfTeamB');
  });
});
