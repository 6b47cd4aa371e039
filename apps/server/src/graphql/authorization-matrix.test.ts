import { randomUUID } from 'node:crypto';
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../errors.js';
import { createServiceKey } from '../auth/service-keys.js';
import { grantTestApplication, insertTestApplication } from '../test/applications.js';
import { insertUnconfirmedBuiltInUser, signInBuiltInTestUser } from '../test/built-in-sign-in.js';
import {
  administrationFixtures,
  applicationFixtures,
  expectOneCasePerField,
  insertMatrixAppRequest,
  insertMatrixBookmark,
  inviteForPersona,
  type Persona,
  type PersonaCall,
  personas,
  requestAsPersona,
  sessions,
  sharedMutationCalls,
  teamFixtures,
  testApp,
  useMatrixPersonas,
} from '../test/matrix-personas.js';
import { mutationDocuments } from '../test/mutation-documents.js';
import { schema } from './schema.js';

/**
 * docs/design.md §7: every GraphQL operation × persona → allowed, or denied with a code. A new Query or
 * Mutation field fails the completeness test below until it has a row here. The personas and the rows
 * they act on are in test/matrix-personas.ts, shared with the event-log test.
 */
type Expectation = 'allow' | ErrorCode;

interface MatrixRow extends PersonaCall {
  /** `Query.<field>` or `Mutation.<field>`. */
  operation: string;
  expected: Record<Persona, Expectation>;
}

/** The same expectation for every persona; the sets below name their exceptions to one. */
const forEveryPersona = (expectation: Expectation) =>
  Object.fromEntries(personas.map((persona) => [persona, expectation])) as Record<Persona, Expectation>;

const everyone = forEveryPersona('allow');

const anySignedInCaller: Record<Persona, Expectation> = { ...everyone, anonymous: 'AUTH_NOT_AUTHENTICATED' };

const signedInUserNotServiceKey: Record<Persona, Expectation> = {
  ...anySignedInCaller,
  serviceKey: 'AUTH_NOT_AUTHORIZED',
};

/**
 * Allowed to every signed-in person, but only an account of the built-in provider has passkeys, second factors or a
 * password to manage here.
 */
const builtInAccountsOnly: Record<Persona, Expectation> = {
  ...forEveryPersona('INVALID_REQUEST'),
  anonymous: 'AUTH_NOT_AUTHENTICATED',
  serviceKey: 'AUTH_NOT_AUTHORIZED',
};

const systemAdminOnly: Record<Persona, Expectation> = {
  ...forEveryPersona('AUTH_NOT_AUTHORIZED'),
  anonymous: 'AUTH_NOT_AUTHENTICATED',
  systemAdmin: 'allow',
};

/**
 * Team personas: member, admin and owner hold those roles in the matrix teams; the service key's user is
 * a member (a key acts as its user); outsiders and system admins are not members.
 */
const teamReaders: Record<Persona, Expectation> = {
  anonymous: 'AUTH_NOT_AUTHENTICATED',
  outsider: 'NOT_FOUND',
  member: 'allow',
  admin: 'allow',
  owner: 'allow',
  systemAdmin: 'allow',
  serviceKey: 'allow',
};
const teamManagers: Record<Persona, Expectation> = {
  ...teamReaders,
  member: 'AUTH_NOT_AUTHORIZED',
  serviceKey: 'AUTH_NOT_AUTHORIZED',
};
const teamOwners: Record<Persona, Expectation> = { ...teamManagers, admin: 'AUTH_NOT_AUTHORIZED' };

/** The variables of the operations on the shared team, on the administered user, or on a fresh built-in account. */
const onSharedTeam = () => ({ teamFriendlyId: teamFixtures.friendlyId });
const onAdministeredUser = () => ({ userId: administrationFixtures.userId });
const onFreshBuiltInUser = async () => ({
  userId: (await signInBuiltInTestUser(testApp, 'a matrix passphrase')).user.id,
});

const matrix: MatrixRow[] = [
  { operation: 'Query.me', document: 'query GetMe { me { id } }', expected: anySignedInCaller },
  {
    operation: 'Query.myNotifications',
    document: 'query GetMyNotifications { myNotifications(first: 3) { totalCount } }',
    expected: anySignedInCaller,
  },
  {
    operation: 'Mutation.markNotificationRead',
    ...sharedMutationCalls.markNotificationRead,
    expected: anySignedInCaller,
  },
  {
    operation: 'Mutation.markAllNotificationsRead',
    ...sharedMutationCalls.markAllNotificationsRead,
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.myNotificationPreferences',
    document: 'query GetMyNotificationPreferences { myNotificationPreferences { emailAvailable } }',
    expected: anySignedInCaller,
  },
  {
    operation: 'Mutation.setMyNotificationPreference',
    document: mutationDocuments.setMyNotificationPreference,
    variables: () => ({ input: { type: 'TeamRoleChanged', delivery: 'BOTH' } }),
    expected: anySignedInCaller,
  },
  { operation: 'Query.myProfile', document: 'query GetMyProfile { myProfile { id } }', expected: anySignedInCaller },
  {
    operation: 'Mutation.updateMyProfile',
    document: mutationDocuments.updateMyProfile,
    variables: () => ({ userInput: { firstName: 'Matrix', lastName: 'Persona', primaryPhone: '' } }),
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.termsOfService',
    document: 'query GetTermsOfService { termsOfService { version } }',
    expected: everyone,
  },
  { operation: 'Mutation.acceptTerms', ...sharedMutationCalls.acceptTerms, expected: anySignedInCaller },
  {
    operation: 'Query.siteInfo',
    document: 'query GetSiteInfo($url: String!) { siteInfo(url: $url) { title } }',
    variables: () => ({ url: 'http://127.0.0.1:9/' }),
    // Past authorization, the address rule refuses loopback: INVALID_REQUEST means the caller got in.
    expected: { ...forEveryPersona('INVALID_REQUEST'), anonymous: 'AUTH_NOT_AUTHENTICATED' },
  },
  {
    operation: 'Query.serviceKeys',
    document: 'query GetServiceKeys { serviceKeys { totalCount nodes { id } } }',
    expected: signedInUserNotServiceKey,
  },
  {
    operation: 'Mutation.createServiceKey',
    document: mutationDocuments.createServiceKey,
    variables: () => ({ name: 'Matrix key' }),
    expected: signedInUserNotServiceKey,
  },
  {
    operation: 'Mutation.revokeServiceKey',
    ...sharedMutationCalls.revokeServiceKey,
    expected: signedInUserNotServiceKey,
  },
  {
    operation: 'Query.allServiceKeys',
    document:
      'query GetAllServiceKeys { allServiceKeys(search: "matrix", first: 5) { totalCount nodes { owner { email } } } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.revokeAnyServiceKey',
    document: mutationDocuments.revokeAnyServiceKey,
    variables: async () => ({
      id: (await createServiceKey(testApp.database.db, { userId: administrationFixtures.userId, name: 'Matrix key' }))
        .serviceKey.id,
    }),
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.mySessions',
    document: 'query GetMySessions { mySessions { id current lastSeenAt } }',
    expected: signedInUserNotServiceKey,
  },
  { operation: 'Mutation.revokeSession', ...sharedMutationCalls.revokeSession, expected: signedInUserNotServiceKey },
  {
    operation: 'Mutation.revokeOtherSessions',
    ...sharedMutationCalls.revokeOtherSessions,
    expected: signedInUserNotServiceKey,
  },
  {
    operation: 'Query.myPasskeys',
    document: 'query GetMyPasskeys { myPasskeys { id name } }',
    expected: signedInUserNotServiceKey,
  },
  {
    operation: 'Mutation.startPasskeyRegistration',
    document: mutationDocuments.startPasskeyRegistration,
    // The personas sign in elsewhere: passkeys are for built-in accounts (allowed for one: passkeys.test.ts).
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Mutation.finishPasskeyRegistration',
    document: mutationDocuments.finishPasskeyRegistration,
    variables: () => ({ input: { name: 'Matrix', response: '{}' } }),
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Mutation.renamePasskey',
    document: mutationDocuments.renamePasskey,
    variables: () => ({ input: { id: randomUUID(), name: 'Matrix' } }),
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Mutation.removePasskey',
    document: mutationDocuments.removePasskey,
    variables: () => ({ id: randomUUID() }),
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Query.mySecondFactors',
    document: 'query GetMySecondFactors { mySecondFactors { managedHere totpEnabledAt } }',
    // The personas sign in elsewhere: they are told the portal relies on their provider (managedHere: false).
    expected: signedInUserNotServiceKey,
  },
  {
    operation: 'Mutation.startTotpEnrolment',
    document: mutationDocuments.startTotpEnrolment,
    // Second factors are for built-in accounts (allowed for one: modules/second-factors/second-factors.test.ts).
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Mutation.confirmTotpEnrolment',
    document: mutationDocuments.confirmTotpEnrolment,
    variables: () => ({ input: { code: '123456' } }),
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Mutation.removeTotp',
    document: mutationDocuments.removeTotp,
    variables: () => ({ input: { password: 'not a password' } }),
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Mutation.regenerateRecoveryCodes',
    document: mutationDocuments.regenerateRecoveryCodes,
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Query.userSessions',
    document: 'query GetUserSessions($userId: ID!) { userSessions(userId: $userId) { id current } }',
    variables: onAdministeredUser,
    expected: systemAdminOnly,
  },
  { operation: 'Mutation.revokeUserSession', ...sharedMutationCalls.revokeUserSession, expected: systemAdminOnly },
  {
    operation: 'Query.installationStatus',
    document:
      'query GetInstallationStatus { installationStatus { version database { isReachable } mail { isConfigured } recentSignInRefusals { reason detail } } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.checkDeleteAccount',
    document: 'query CheckDeleteAccount { checkDeleteAccount { success } }',
    expected: signedInUserNotServiceKey,
  },
  {
    operation: 'Mutation.changeMyPassword',
    document: mutationDocuments.changeMyPassword,
    variables: () => ({ input: { currentPassword: 'not the password', newPassword: 'a new passphrase here' } }),
    // The personas sign in elsewhere, so their password is not ours to change.
    expected: builtInAccountsOnly,
  },
  {
    operation: 'Mutation.sendPasswordResetLink',
    document: 'mutation SendPasswordResetLink($userId: ID!) { sendPasswordResetLink(userId: $userId) { mailed } }',
    variables: onFreshBuiltInUser,
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.createPerson',
    document: 'mutation CreatePerson($input: CreatePersonInput!) { createPerson(input: $input) { mailed } }',
    variables: () => ({
      input: { email: `added-${randomUUID()}@example.test`, firstName: 'Matrix', lastName: 'Added' },
    }),
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.suspendUser',
    document: mutationDocuments.suspendUser,
    variables: onFreshBuiltInUser,
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.reactivateUser',
    document: mutationDocuments.reactivateUser,
    variables: onAdministeredUser,
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.resetSecondFactors',
    document: mutationDocuments.resetSecondFactors,
    variables: onFreshBuiltInUser,
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.userSecondFactors',
    document: 'query GetUserSecondFactors($userId: ID!) { userSecondFactors(userId: $userId) { totpEnabled } }',
    variables: onAdministeredUser,
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.resendVerificationMail',
    document: 'mutation ResendVerificationMail($userId: ID!) { resendVerificationMail(userId: $userId) { mailed } }',
    variables: async () => ({ userId: (await insertUnconfirmedBuiltInUser(testApp)).id }),
    expected: systemAdminOnly,
  },
  { operation: 'Mutation.deleteAccount', ...sharedMutationCalls.deleteAccount, expected: signedInUserNotServiceKey },
  {
    operation: 'Mutation.contactUs',
    document: mutationDocuments.contactUs,
    variables: () => ({
      input: { name: 'Matrix', email: 'matrix@example.com', subject: 'Hello', message: 'Checking access.' },
    }),
    expected: everyone,
  },
  {
    operation: 'Query.allUsers',
    document: 'query GetAllUsers { allUsers(search: "a", first: 5) { totalCount } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.userById',
    document: 'query GetUserById($userId: ID!) { userById(userId: $userId) { id } }',
    variables: onAdministeredUser,
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.updateUser',
    document: mutationDocuments.updateUser,
    variables: () => ({ userInput: { id: administrationFixtures.userId, firstName: 'Matrix' } }),
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.eventLogs',
    document: 'query GetEventLogs { eventLogs(first: 5) { totalCount } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.eventDetail',
    document: 'query GetEventDetail($id: ID!) { eventDetail(id: $id) { id payload } }',
    variables: () => ({ id: administrationFixtures.eventLogId }),
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.setupChecklist',
    document: 'query GetSetupChecklist { setupChecklist { isComplete items { key isDone } } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.systemOverview',
    document: 'query GetSystemOverview { systemOverview { peopleCount pendingRequestCount } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.webhookLogs',
    document: 'query GetWebhookLogs { webhookLogs(first: 5) { totalCount } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.webhookLog',
    document: 'query GetWebhookLog($id: ID!) { webhookLog(id: $id) { id payload } }',
    variables: () => ({ id: administrationFixtures.webhookLogId }),
    expected: systemAdminOnly,
  },
  { operation: 'Mutation.replayWebhookLog', ...sharedMutationCalls.replayWebhookLog, expected: systemAdminOnly },
  { operation: 'Query.myBilling', document: 'query GetMyBilling { myBilling { id } }', expected: anySignedInCaller },
  {
    operation: 'Query.myInvoices',
    document: 'query GetMyInvoices($date: Date) { myInvoices(date: $date, first: 5) { totalCount } }',
    variables: () => ({ date: '2026-01-01' }),
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.myHomepage',
    document: 'query GetMyHomepage { myHomepage { teams { id roleName } bookmarks { id } } }',
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.teamByFriendlyId',
    document:
      'query GetTeamByFriendlyId($friendlyId: String!) { teamByFriendlyId(friendlyId: $friendlyId) { id roleName } }',
    variables: () => ({ friendlyId: teamFixtures.friendlyId }),
    expected: teamReaders,
  },
  {
    operation: 'Query.teamMembers',
    document:
      'query GetTeamMembers($teamFriendlyId: String!) { teamMembers(teamFriendlyId: $teamFriendlyId, first: 5) { totalCount } }',
    variables: onSharedTeam,
    expected: teamReaders,
  },
  {
    operation: 'Query.teamInvites',
    document:
      'query GetTeamInvites($teamFriendlyId: String!) { teamInvites(teamFriendlyId: $teamFriendlyId, first: 100) { totalCount } }',
    variables: onSharedTeam,
    expected: teamManagers,
  },
  {
    operation: 'Query.myInvite',
    document: 'query GetMyInvite($inviteId: ID!) { myInvite(inviteId: $inviteId) { id invitedByEmail } }',
    variables: inviteForPersona,
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.teamBookmarks',
    document:
      'query GetTeamBookmarks($teamFriendlyId: String!) { teamBookmarks(teamFriendlyId: $teamFriendlyId, first: 5) { totalCount } }',
    variables: onSharedTeam,
    expected: teamReaders,
  },
  {
    operation: 'Query.bookmark',
    document: 'query GetBookmark($id: ID!) { bookmark(id: $id) { id } }',
    variables: async () => ({ id: await insertMatrixBookmark() }),
    expected: teamReaders,
  },
  {
    operation: 'Query.myBookmarks',
    document: 'query GetMyBookmarks { myBookmarks(first: 5) { totalCount } }',
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.allTeams',
    document: 'query GetAllTeams { allTeams(search: "team", first: 5) { totalCount } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.addTeam',
    document: mutationDocuments.addTeam,
    variables: () => ({ input: { name: 'Matrix team', friendlyId: `matrix-${randomUUID()}` } }),
    expected: anySignedInCaller,
  },
  { operation: 'Mutation.updateTeam', ...sharedMutationCalls.updateTeam, expected: teamManagers },
  { operation: 'Mutation.updateTeamMeta', ...sharedMutationCalls.updateTeamMeta, expected: teamManagers },
  { operation: 'Mutation.deleteTeam', ...sharedMutationCalls.deleteTeam, expected: teamOwners },
  { operation: 'Mutation.removeTeamMember', ...sharedMutationCalls.removeTeamMember, expected: teamManagers },
  { operation: 'Mutation.updateMemberRole', ...sharedMutationCalls.updateMemberRole, expected: teamManagers },
  { operation: 'Mutation.transferTeamOwnership', ...sharedMutationCalls.transferTeamOwnership, expected: teamOwners },
  { operation: 'Mutation.createInvite', ...sharedMutationCalls.createInvite, expected: teamManagers },
  { operation: 'Mutation.deleteInvite', ...sharedMutationCalls.deleteInvite, expected: teamManagers },
  { operation: 'Mutation.resendInvite', ...sharedMutationCalls.resendInvite, expected: teamManagers },
  { operation: 'Mutation.acceptInvite', ...sharedMutationCalls.acceptInvite, expected: anySignedInCaller },
  { operation: 'Mutation.declineInvite', ...sharedMutationCalls.declineInvite, expected: anySignedInCaller },
  {
    operation: 'Mutation.addOrUpdateBookmark',
    document: mutationDocuments.addOrUpdateBookmark,
    variables: () => ({
      input: { url: 'https://example.com', name: 'Matrix link', teamFriendlyId: teamFixtures.friendlyId },
    }),
    expected: teamManagers,
  },
  {
    operation: 'Mutation.deleteBookmark',
    document: mutationDocuments.deleteBookmark,
    variables: async () => ({ bookmarkId: await insertMatrixBookmark() }),
    expected: teamManagers,
  },
  {
    operation: 'Query.allApplications',
    document:
      'query GetAllApplications { allApplications(search: "matrix", first: 5) { totalCount nodes { id teams { friendlyId } } } }',
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.applicationById',
    document: 'query GetApplicationById($id: ID!) { applicationById(id: $id) { id teams { status } } }',
    variables: () => ({ id: applicationFixtures.grantedId }),
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.appInfo',
    document:
      'query AppInfo($appId: ID!) { appInfo(appId: $appId) { application { id } myTeams { friendlyId status canManage } } }',
    variables: () => ({ appId: applicationFixtures.grantedId }),
    expected: anySignedInCaller,
  },
  {
    operation: 'Query.teamApplications',
    document:
      'query GetTeamApplications($teamId: ID!) { teamApplications(teamId: $teamId, first: 100) { totalCount nodes { id status } } }',
    variables: () => ({ teamId: teamFixtures.teamId }),
    expected: teamReaders,
  },
  {
    operation: 'Query.teamAvailableApps',
    document:
      'query GetTeamAvailableApps($teamFriendlyId: String!) { teamAvailableApps(teamFriendlyId: $teamFriendlyId, first: 5) { totalCount nodes { id hasPendingRequest } } }',
    variables: onSharedTeam,
    expected: teamReaders,
  },
  {
    operation: 'Query.appInfoForRequest',
    document:
      'query GetAppInfoForRequest($appId: ID!, $teamFriendlyId: String!) { appInfoForRequest(appId: $appId, teamFriendlyId: $teamFriendlyId) { appName errorMessage } }',
    variables: () => ({ appId: applicationFixtures.availableId, teamFriendlyId: teamFixtures.friendlyId }),
    expected: teamReaders,
  },
  {
    operation: 'Query.appRequests',
    document:
      'query GetAppRequests { appRequests(first: 5, where: { status: { eq: PENDING } }) { totalCount nodes { id history { action } } } }',
    expected: systemAdminOnly,
  },
  {
    operation: 'Query.appRequest',
    document: 'query GetAppRequest($id: ID!) { appRequest(id: $id) { id status history { action } } }',
    variables: async () => ({ id: await insertMatrixAppRequest() }),
    expected: teamReaders,
  },
  {
    operation: 'Mutation.requestApplicationAccess',
    ...sharedMutationCalls.requestApplicationAccess,
    expected: teamReaders,
  },
  { operation: 'Mutation.approveAppRequest', ...sharedMutationCalls.approveAppRequest, expected: systemAdminOnly },
  { operation: 'Mutation.rejectAppRequest', ...sharedMutationCalls.rejectAppRequest, expected: systemAdminOnly },
  {
    operation: 'Mutation.withdrawAppRequest',
    document:
      'mutation WithdrawAppRequest($requestId: ID!) { withdrawAppRequest(requestId: $requestId) { id status } }',
    // The matrix's requests are made by the owner: teammates and system administrators see them but may not withdraw.
    variables: async () => ({ requestId: await insertMatrixAppRequest() }),
    expected: {
      ...teamReaders,
      member: 'AUTH_NOT_AUTHORIZED',
      admin: 'AUTH_NOT_AUTHORIZED',
      systemAdmin: 'AUTH_NOT_AUTHORIZED',
      serviceKey: 'AUTH_NOT_AUTHORIZED',
    },
  },
  {
    operation: 'Mutation.updateAppRequestComments',
    ...sharedMutationCalls.updateAppRequestComments,
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.updateAppStatus',
    document:
      'mutation UpdateAppStatus($friendlyTeamId: String!, $appId: ID!) { updateAppStatus(friendlyTeamId: $friendlyTeamId, appId: $appId, status: ENABLED) { status } }',
    variables: () => ({ friendlyTeamId: teamFixtures.friendlyId, appId: applicationFixtures.grantedId }),
    expected: teamManagers,
  },
  {
    operation: 'Mutation.revokeTeamApplication',
    document: mutationDocuments.revokeTeamApplication,
    // A grant of its own each time: a revoke by one persona must not change what the next one finds.
    variables: async () => {
      const application = await insertTestApplication(testApp.database.db);
      await grantTestApplication(testApp.database.db, { teamId: teamFixtures.teamId, applicationId: application.id });
      return { friendlyTeamId: teamFixtures.friendlyId, appId: application.id };
    },
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.createApplication',
    document: mutationDocuments.createApplication,
    variables: () => ({ input: { name: `Matrix app ${randomUUID()}`, url: 'https://matrix.example.com/' } }),
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.updateApplication',
    document: mutationDocuments.updateApplication,
    variables: () => ({ input: { id: applicationFixtures.availableId, description: 'Checked by the matrix' } }),
    expected: systemAdminOnly,
  },
  {
    operation: 'Mutation.logInteraction',
    document: 'mutation LogInteraction($entityId: ID!) { logInteraction(entityId: $entityId, type: APPLICATION) }',
    variables: () => ({ entityId: applicationFixtures.grantedId }),
    // Launching needs the application ENABLED for one of the caller's own teams; a system admin is no member.
    expected: { ...teamReaders, systemAdmin: 'NOT_FOUND' },
  },
];

useMatrixPersonas();

describe('API5:2023 BFLA, API1:2023 BOLA (ASVS V8.2.1, V8.2.2) – authorization matrix', () => {
  const cases = matrix.flatMap((row) => personas.map((persona) => ({ row, persona, expected: row.expected[persona] })));

  it.each(cases)('$row.operation as $persona → $expected', async ({ row, persona, expected }) => {
    const session = sessions.get(persona)!;
    const response = await requestAsPersona(session, row, await row.variables?.(session));
    if (expected === 'allow') {
      expect(response.errors).toBeUndefined();
      expect(response.data).toBeTruthy();
    } else {
      expect(response.errors?.map((error) => error.extensions?.code)).toContain(expected);
    }
  });

  it('API9:2023 improper inventory management – has a row for every Query and Mutation field, and none for a field that does not exist', () => {
    const operations = (['Query', 'Mutation'] as const).flatMap((typeName) => {
      const type = schema.getType(typeName);
      return type && isObjectType(type) ? Object.keys(type.getFields()).map((field) => `${typeName}.${field}`) : [];
    });
    expectOneCasePerField(
      operations,
      matrix.map((row) => row.operation),
      'a matrix row',
    );
  });
});
