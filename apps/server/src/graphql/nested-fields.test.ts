import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantTestApplication, insertTestApplication } from '../modules/applications/test-applications.js';
import { insertTestTeam } from '../modules/teams/test-teams.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../test/graphql.js';

/**
 * Issue #8: sensitive data nested below an operation the caller may use. The same nested field is reached
 * through every root that leads to it, as each persona: a member of team A, a member of team B only, a system
 * admin. Other teams' names and a requester's contact details never show where the operation is allowed.
 */

let testApp: TestApp;
let memberOfA: SignedInUser;
let memberOfB: SignedInUser;
let systemAdmin: SignedInUser;
let applicationId: string;
let requestId: string;
const teamNames = { a: '', b: '' };

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  [memberOfA, memberOfB, systemAdmin] = [await signInTestUser(testApp), await signInTestUser(testApp), await signInTestUser(testApp, { isSystemAdmin: true })];
  const teamA = await insertTestTeam(db, { ownerId: memberOfA.user.id, name: 'Alpha treasury' });
  const teamB = await insertTestTeam(db, { ownerId: memberOfB.user.id, name: 'Bravo payroll' });
  Object.assign(teamNames, { a: teamA.name, b: teamB.name });
  const shared = await insertTestApplication(db, { name: 'Shared ledger' });
  applicationId = shared.id;
  await grantTestApplication(db, { teamId: teamA.id, applicationId });
  await grantTestApplication(db, { teamId: teamB.id, applicationId });

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
    credential: memberOfA.accessToken,
  });
  requestId = response.data!.requestApplicationAccess.id;
});
afterAll(async () => {
  await testApp.close();
});

type TeamName = { name: string };
// The shapes differ per root; each `teamsOf` knows its own.
/** Every root that returns an application, each selecting `teams { name }`. */
const applicationTeamsRoots: { root: string; document: string; teamsOf: (data: any) => TeamName[] }[] = [
  {
    root: 'applicationById',
    document: 'query GetApplicationById($id: ID!) { applicationById(id: $id) { teams { name } } }',
    teamsOf: (data) => data.applicationById.teams,
  },
  {
    root: 'allApplications',
    document: 'query GetAllApplications { allApplications(search: "Shared ledger", first: 5) { nodes { teams { name } } } }',
    teamsOf: (data) => data.allApplications.nodes[0].teams,
  },
  {
    root: 'appInfo',
    document: 'query AppInfo($id: ID!) { appInfo(appId: $id) { application { teams { name } } myTeams { name } } }',
    teamsOf: (data) => [...data.appInfo.application.teams, ...data.appInfo.myTeams],
  },
];

describe('nested sensitive fields', () => {
  it.each(applicationTeamsRoots)('Application.teams through $root: only the caller’s own teams, all of them for a system admin', async ({ document, teamsOf }) => {
    const namesFor = async (caller: SignedInUser) => {
      const response = await graphqlRequest(testApp, { query: document, variables: { id: applicationId }, credential: caller.accessToken });
      expect(response.errors).toBeUndefined();
      return [...new Set(teamsOf(response.data).map((team) => team.name))].sort();
    };
    expect(await namesFor(memberOfA)).toEqual([teamNames.a]);
    expect(await namesFor(memberOfB)).toEqual([teamNames.b]);
    expect(await namesFor(systemAdmin)).toEqual([teamNames.a, teamNames.b]);
  });

  it('Homepage.applications: the caller’s own teams only', async () => {
    const response = await graphqlRequest<{ myHomepage: { applications: { teamName: string }[] } }>(testApp, {
      query: 'query GetMyHomepage { myHomepage { applications { teamName } } }',
      credential: memberOfB.accessToken,
    });
    expect(response.data!.myHomepage.applications.map((application) => application.teamName)).toEqual([teamNames.b]);
  });

  it("AppRequest contact details: the requester's team and system admins; another team gets NOT_FOUND, the list is for admins", async () => {
    const contactOf = (caller: SignedInUser) =>
      graphqlRequest<{ appRequest: { contactEmail: string; contactPhone: string; message: string } }>(testApp, {
        query: 'query GetAppRequest($id: ID!) { appRequest(id: $id) { contactEmail contactPhone message } }',
        variables: { id: requestId },
        credential: caller.accessToken,
      });
    const expected = { contactEmail: 'private-line@alpha.example', contactPhone: '+44 20 7946 0000', message: 'For the quarter close' };
    expect((await contactOf(memberOfA)).data!.appRequest).toEqual(expected);
    expect((await contactOf(systemAdmin)).data!.appRequest).toEqual(expected);
    const asOtherTeam = await contactOf(memberOfB);
    expect(errorCodeOf(asOtherTeam)).toBe('NOT_FOUND');
    expect(JSON.stringify(asOtherTeam)).not.toContain('private-line');

    const list = await graphqlRequest(testApp, {
      query: 'query GetAppRequests { appRequests(first: 10) { nodes { contactEmail } } }',
      credential: memberOfA.accessToken,
    });
    expect(errorCodeOf(list)).toBe('AUTH_NOT_AUTHORIZED');
  });
});
