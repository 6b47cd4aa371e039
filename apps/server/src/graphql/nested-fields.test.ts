import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../errors.js';
import { grantTestApplication, insertTestApplication } from '../test/applications.js';
import { insertTestTeam } from '../test/teams.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestServiceKey, errorCodeOf, graphqlRequest, signInTestUser } from '../test/graphql.js';
import type { SignedInUser } from '../test/graphql.js';

/**
 * Sensitive data nested (docs/security.md) below an operation the caller may use. Each nested field is reached through
 * every root that leads to it, as each persona of the authorization matrix: anonymous, an outsider (a member of
 * team B only), team A's member, admin and owner, a system admin (in no team) and a service key of team A's member.
 * Other teams' names, members' emails, key owners and a requester's contact details never show where they
 * should not, neither in the data nor in an error.
 */

const personas = ['anonymous', 'outsider', 'member', 'admin', 'owner', 'systemAdmin', 'serviceKey'] as const;
type Persona = (typeof personas)[number];
/** The error code the persona gets, or what it reads (sorted; computed once the fixture exists). */
type Expectation = ErrorCode | (() => string[]);

let testApp: TestApp;
const credentials = new Map<Persona, string | undefined>();
const fixture = {
  teamA: { name: 'Alpha treasury', friendlyId: '' },
  teamB: { name: 'Bravo payroll', friendlyId: '' },
  disabledTeam: { name: 'Charlie archive' },
  users: {} as Record<'outsider' | 'member' | 'admin' | 'owner' | 'systemAdmin' | 'bravoMember', SignedInUser>,
  applicationId: '',
  requestId: '',
};
const contactDetails = ['For the quarter close', '+44 20 7946 0000', 'private-line@alpha.example'];
const contact = () => [...contactDetails].sort();

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const signIn = (email: string, isSystemAdmin = false) => signInTestUser(testApp, { email, isSystemAdmin });
  const users = (fixture.users = {
    outsider: await signIn('outsider@bravo.example'),
    bravoMember: await signIn('colleague@bravo.example'),
    member: await signIn('member@alpha.example'),
    admin: await signIn('admin@alpha.example'),
    owner: await signIn('owner@alpha.example'),
    systemAdmin: await signIn('root@portal.example', true),
  });
  const teamA = await insertTestTeam(db, {
    name: fixture.teamA.name,
    ownerId: users.owner.user.id,
    adminIds: [users.admin.user.id],
    memberIds: [users.member.user.id],
  });
  const teamB = await insertTestTeam(db, {
    name: fixture.teamB.name,
    ownerId: users.outsider.user.id,
    memberIds: [users.bravoMember.user.id],
  });
  await insertTestTeam(db, {
    name: fixture.disabledTeam.name,
    ownerId: users.bravoMember.user.id,
    memberIds: [users.member.user.id],
    enabled: false,
  });
  fixture.teamA.friendlyId = teamA.friendlyId;
  fixture.teamB.friendlyId = teamB.friendlyId;

  const shared = await insertTestApplication(db, { name: 'Shared ledger' });
  fixture.applicationId = shared.id;
  await grantTestApplication(db, { teamId: teamA.id, applicationId: shared.id });
  await grantTestApplication(db, { teamId: teamB.id, applicationId: shared.id });

  // Every user has a key, so each persona's list of keys could show someone else's owner.
  for (const user of Object.values(users)) await createTestServiceKey(testApp, user.user);
  credentials.set('anonymous', undefined);
  for (const persona of ['outsider', 'member', 'admin', 'owner', 'systemAdmin'] as const)
    credentials.set(persona, users[persona].accessToken);
  credentials.set('serviceKey', await createTestServiceKey(testApp, users.member.user));

  const requested = await insertTestApplication(db, { name: 'Requested tool' });
  const response = await graphqlRequest<{ requestApplicationAccess: { id: string } }>(testApp, {
    query: `mutation RequestApplicationAccess($input: RequestAccessInput!) { requestApplicationAccess(input: $input) { id } }`,
    variables: {
      input: {
        appId: requested.id,
        teamFriendlyId: teamA.friendlyId,
        contactEmail: 'private-line@alpha.example',
        contactPhone: '+44 20 7946 0000',
        firstName: 'Ada',
        lastName: 'Lovelace',
        message: 'For the quarter close',
        acceptTerms: true,
      },
    },
    credential: users.owner.accessToken,
  });
  fixture.requestId = response.data!.requestApplicationAccess.id;
});
afterAll(async () => {
  await testApp.close();
});

const emailOf = (who: keyof typeof fixture.users) => fixture.users[who].user.email;
const sorted = (values: string[]) => [...new Set(values)].sort();

interface NestedFieldCase {
  field: string;
  root: string;
  document: string;
  variables?: () => Record<string, unknown>;
  read: (data: unknown) => string[];
  expected: Record<Persona, Expectation>;
}

/** The shapes differ per root: each case's `read` names the shape of its own root's data. */
function nestedFieldCase<Data>(
  testCase: Omit<NestedFieldCase, 'read'> & { read: (data: Data) => string[] },
): NestedFieldCase {
  return { ...testCase, read: (data) => testCase.read(data as Data) };
}

interface Named {
  name: string;
}

const teamA = () => [fixture.teamA.name];
const teamB = () => [fixture.teamB.name];
/** Application.teams: the caller's own teams, every team for a system admin. */
const ownTeamsOfTheApplication: Record<Persona, Expectation> = {
  anonymous: 'AUTH_NOT_AUTHENTICATED',
  outsider: teamB,
  member: teamA,
  admin: teamA,
  owner: teamA,
  systemAdmin: () => sorted([...teamA(), ...teamB()]),
  serviceKey: teamA,
};
const systemAdminOnly = (read: () => string[]): Record<Persona, Expectation> => ({
  anonymous: 'AUTH_NOT_AUTHENTICATED',
  outsider: 'AUTH_NOT_AUTHORIZED',
  member: 'AUTH_NOT_AUTHORIZED',
  admin: 'AUTH_NOT_AUTHORIZED',
  owner: 'AUTH_NOT_AUTHORIZED',
  systemAdmin: read,
  serviceKey: 'AUTH_NOT_AUTHORIZED',
});
const teamAMembers = () => sorted(['member', 'admin', 'owner'].map((who) => emailOf(who as 'member')));

const cases: NestedFieldCase[] = [
  nestedFieldCase({
    field: 'Application.teams',
    root: 'applicationById',
    document: 'query GetApplicationById($id: ID!) { applicationById(id: $id) { teams { name } } }',
    variables: () => ({ id: fixture.applicationId }),
    read: (data: { applicationById: { teams: Named[] } }) => data.applicationById.teams.map((team) => team.name),
    expected: ownTeamsOfTheApplication,
  }),
  nestedFieldCase({
    field: 'Application.teams',
    root: 'allApplications',
    document:
      'query GetAllApplications { allApplications(search: "Shared ledger", first: 5) { nodes { teams { name } } } }',
    read: (data: { allApplications: { nodes: { teams: Named[] }[] } }) =>
      data.allApplications.nodes[0]!.teams.map((team) => team.name),
    expected: ownTeamsOfTheApplication,
  }),
  nestedFieldCase({
    field: 'Application.teams',
    root: 'appInfo',
    document: 'query AppInfo($id: ID!) { appInfo(appId: $id) { application { teams { name } } myTeams { name } } }',
    variables: () => ({ id: fixture.applicationId }),
    read: (data: { appInfo: { application: { teams: Named[] }; myTeams: Named[] } }) =>
      [...data.appInfo.application.teams, ...data.appInfo.myTeams].map((team) => team.name),
    // A system admin in no team has no teams of their own to request it for, yet sees who has it.
    expected: ownTeamsOfTheApplication,
  }),
  nestedFieldCase({
    field: 'Homepage.applications.teamName',
    root: 'myHomepage',
    document: 'query GetMyHomepage { myHomepage { applications { teamName } } }',
    read: (data: { myHomepage: { applications: { teamName: string }[] } }) =>
      data.myHomepage.applications.map((application) => application.teamName),
    expected: { ...ownTeamsOfTheApplication, systemAdmin: () => [] },
  }),
  nestedFieldCase({
    field: 'TeamMember.email',
    root: "teamMembers (team A's)",
    document:
      'query GetTeamMembers($team: String!) { teamMembers(teamFriendlyId: $team, first: 20) { nodes { email } } }',
    variables: () => ({ team: fixture.teamA.friendlyId }),
    read: (data: { teamMembers: { nodes: { email: string }[] } }) =>
      data.teamMembers.nodes.map((member) => member.email),
    expected: {
      anonymous: 'AUTH_NOT_AUTHENTICATED',
      outsider: 'NOT_FOUND',
      member: teamAMembers,
      admin: teamAMembers,
      owner: teamAMembers,
      systemAdmin: teamAMembers,
      serviceKey: teamAMembers,
    },
  }),
  nestedFieldCase({
    field: 'ServiceKey.owner.email',
    root: 'serviceKeys',
    document: 'query GetServiceKeys { serviceKeys { nodes { owner { email } } } }',
    read: (data: { serviceKeys: { nodes: { owner: { email: string } }[] } }) =>
      data.serviceKeys.nodes.map((key) => key.owner.email),
    expected: {
      anonymous: 'AUTH_NOT_AUTHENTICATED',
      outsider: () => [emailOf('outsider')],
      member: () => [emailOf('member')],
      admin: () => [emailOf('admin')],
      owner: () => [emailOf('owner')],
      systemAdmin: () => [emailOf('systemAdmin')],
      serviceKey: 'AUTH_NOT_AUTHORIZED',
    },
  }),
  nestedFieldCase({
    field: 'ServiceKey.owner.email',
    root: 'allServiceKeys',
    document: 'query GetAllServiceKeys { allServiceKeys(first: 50) { nodes { owner { email } } } }',
    read: (data: { allServiceKeys: { nodes: { owner: { email: string } }[] } }) =>
      data.allServiceKeys.nodes.map((key) => key.owner.email),
    expected: systemAdminOnly(() => sorted(Object.keys(fixture.users).map((who) => emailOf(who as 'member')))),
  }),
  nestedFieldCase({
    field: 'User.teams',
    root: 'me',
    document: 'query GetMe { me { teams { name } } }',
    read: (data: { me: { teams: Named[] } }) => data.me.teams.map((team) => team.name),
    // The member's disabled team is hidden from them.
    expected: { ...ownTeamsOfTheApplication, systemAdmin: () => [] },
  }),
  nestedFieldCase({
    field: 'User.teams',
    root: "myProfile (team A's owner)",
    document: 'query GetMyProfile($userId: ID) { myProfile(userId: $userId) { teams { name } } }',
    variables: () => ({ userId: fixture.users.owner.user.id }),
    read: (data: { myProfile: { teams: Named[] } }) => data.myProfile.teams.map((team) => team.name),
    expected: {
      anonymous: 'AUTH_NOT_AUTHENTICATED',
      outsider: 'NOT_FOUND',
      member: 'NOT_FOUND',
      admin: 'NOT_FOUND',
      owner: teamA,
      systemAdmin: 'NOT_FOUND',
      serviceKey: 'NOT_FOUND',
    },
  }),
  nestedFieldCase({
    field: 'User.teams',
    root: "userById (team A's member)",
    document: 'query GetUserById($userId: ID!) { userById(userId: $userId) { teams { name } } }',
    variables: () => ({ userId: fixture.users.member.user.id }),
    read: (data: { userById: { teams: Named[] } }) => data.userById.teams.map((team) => team.name),
    // Disabled teams are for system admins' eyes.
    expected: systemAdminOnly(() => sorted([...teamA(), fixture.disabledTeam.name])),
  }),
  nestedFieldCase({
    field: 'User.teams',
    root: 'allUsers',
    document: 'query GetAllUsers($search: String) { allUsers(search: $search, first: 5) { nodes { teams { name } } } }',
    variables: () => ({ search: 'member@alpha.example' }),
    read: (data: { allUsers: { nodes: { teams: Named[] }[] } }) =>
      data.allUsers.nodes.flatMap((user) => user.teams.map((team) => team.name)),
    expected: systemAdminOnly(() => sorted([...teamA(), fixture.disabledTeam.name])),
  }),
  nestedFieldCase({
    field: 'AppRequest contact details',
    root: 'appRequest',
    document: 'query GetAppRequest($id: ID!) { appRequest(id: $id) { contactEmail contactPhone message } }',
    variables: () => ({ id: fixture.requestId }),
    read: (data: { appRequest: { contactEmail: string; contactPhone: string; message: string } }) => [
      data.appRequest.contactEmail,
      data.appRequest.contactPhone,
      data.appRequest.message,
    ],
    expected: {
      anonymous: 'AUTH_NOT_AUTHENTICATED',
      outsider: 'NOT_FOUND',
      member: contact,
      admin: contact,
      owner: contact,
      systemAdmin: contact,
      serviceKey: contact,
    },
  }),
  nestedFieldCase({
    field: 'AppRequest contact details',
    root: 'appRequests',
    document: 'query GetAppRequests { appRequests(first: 10) { nodes { contactEmail contactPhone message } } }',
    read: (data: { appRequests: { nodes: Record<string, string>[] } }) =>
      data.appRequests.nodes.flatMap((request) => Object.values(request)),
    expected: systemAdminOnly(contact),
  }),
];

describe('API3:2023 BOPLA (ASVS V8.2.3, V15.3.1) – nested sensitive fields', () => {
  for (const { field, root, document, variables, read, expected } of cases) {
    for (const persona of personas) {
      const expectation = expected[persona];
      it(`${field} through ${root} as ${persona} → ${typeof expectation === 'string' ? expectation : 'only what they may read'}`, async () => {
        const response = await graphqlRequest(testApp, {
          query: document,
          variables: variables?.(),
          credential: credentials.get(persona),
        });
        if (typeof expectation === 'string') {
          expect(errorCodeOf(response)).toBe(expectation);
          // What anyone else may read never appears in a refusal.
          const seenByOthers = Object.values(expected).flatMap((other) => (typeof other === 'function' ? other() : []));
          for (const value of seenByOthers) expect(JSON.stringify(response)).not.toContain(value);
        } else {
          expect(response.errors).toBeUndefined();
          expect(sorted(read(response.data))).toEqual(expectation());
        }
      });
    }
  }
});
