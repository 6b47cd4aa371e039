import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHistory, appRequests, teamApplications } from '../../db/schema/applications.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { insertTeamWithPersonas, insertTestTeam, signInTeamPersonas, type TeamPersonas } from '../teams/test-teams.js';
import { grantTestApplication, insertTestApplication } from './test-applications.js';

let testApp: TestApp;
let personas: TeamPersonas;

beforeAll(async () => {
  testApp = await createTestApp();
  personas = await signInTeamPersonas(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const db = () => testApp.database.db;

const requestFields = /* GraphQL */ `
  id applicationId applicationName teamFriendlyId teamName status requestedBy requestedById contactEmail contactPhone
  message comments createdAt closedAt teamApplicationStatus history { action actorName comments }
`;
const requestAccess = /* GraphQL */ `
  mutation RequestApplicationAccess($input: RequestAccessInput!) { requestApplicationAccess(input: $input) { ${requestFields} } }
`;
const approve = /* GraphQL */ `
  mutation ApproveAppRequest($requestId: ID!, $comments: String) { approveAppRequest(requestId: $requestId, comments: $comments) { ${requestFields} } }
`;
const reject = /* GraphQL */ `
  mutation RejectAppRequest($requestId: ID!, $comments: String) { rejectAppRequest(requestId: $requestId, comments: $comments) { ${requestFields} } }
`;

interface AppRequestData {
  id: string;
  status: string;
  comments: string | null;
  teamApplicationStatus: string | null;
  history: { action: string; actorName: string; comments: string | null }[];
  [field: string]: unknown;
}

function requestInput(options: { appId: string; teamFriendlyId: string; acceptTerms?: boolean; message?: string }) {
  return {
    contactEmail: 'ada@example.com',
    contactPhone: '+44 20 7946 0000',
    firstName: 'Ada',
    lastName: 'Lovelace',
    acceptTerms: false,
    ...options,
  };
}

async function requestAs(user: SignedInUser, input: ReturnType<typeof requestInput>) {
  return graphqlRequest<{ requestApplicationAccess: AppRequestData }>(testApp, {
    query: requestAccess,
    variables: { input },
    credential: user.accessToken,
  });
}

describe('requesting an application', () => {
  it('a member requests, every system admin is told, an admin approves with a comment, the requester is told and the team has it ENABLED', async () => {
    const team = await insertTeamWithPersonas(db(), personas);
    const application = await insertTestApplication(db(), { name: 'Journey CRM' });
    const requested = await requestAs(
      personas.member,
      requestInput({ appId: application.id, teamFriendlyId: team.friendlyId, message: 'For the sales team' }),
    );
    expect(requested.errors).toBeUndefined();
    const request = requested.data!.requestApplicationAccess;
    expect(request).toMatchObject({
      applicationId: application.id,
      applicationName: 'Journey CRM',
      teamFriendlyId: team.friendlyId,
      status: 'PENDING',
      requestedById: personas.member.user.id,
      requestedBy: 'Test User',
      contactEmail: 'ada@example.com',
      message: 'For the sales team',
      comments: null,
      closedAt: null,
      teamApplicationStatus: null,
      history: [{ action: 'CREATED', actorName: 'Test User', comments: 'For the sales team' }],
    });
    const adminNotifications = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, personas.systemAdmin.user.id), eq(notifications.externalId, request.id)));
    expect(adminNotifications).toMatchObject([{ type: 'AppRequestCreated', isRead: false }]);

    const approved = await graphqlRequest<{ approveAppRequest: AppRequestData }>(testApp, {
      query: approve,
      variables: { requestId: request.id, comments: 'Enjoy it' },
      credential: personas.systemAdmin.accessToken,
    });
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.approveAppRequest).toMatchObject({
      status: 'APPROVED',
      comments: 'Enjoy it',
      teamApplicationStatus: 'ENABLED',
      history: [{ action: 'CREATED' }, { action: 'APPROVED', comments: 'Enjoy it' }],
    });
    expect(approved.data!.approveAppRequest.closedAt).toBeTruthy();
    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, personas.member.user.id), eq(notifications.externalId, request.id)));
    expect(told).toMatchObject({ type: 'AppRequestApproved' });
    expect(told!.message).toContain('Journey CRM');
    expect(told!.message).toContain('Enjoy it');
    const grants = await db().select().from(teamApplications).where(eq(teamApplications.teamId, team.id));
    expect(grants).toMatchObject([{ applicationId: application.id, status: 'ENABLED' }]);
    const events = await db().select().from(eventLogs).where(eq(eventLogs.userId, personas.systemAdmin.user.id));
    expect(events.map((event) => event.eventType)).toContain('app-request.approved');
  });
});
