import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequests } from '../../db/schema/applications.js';
import { webhookLogs } from '../../db/schema/billing.js';
import { notifications } from '../../db/schema/events.js';
import { pendingNotificationMails } from '../../db/schema/notification-preferences.js';
import { teamInvites } from '../../db/schema/teams.js';
import { AppError } from '../../errors.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertTestApplication } from '../../test/applications.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { insertTestTeam } from '../../test/teams.js';
import { readSetupChecklist, readSystemOverview } from './system-overview.service.js';
import { webDocument } from '../../test/web-documents.js';

const checklistQuery = 'query { setupChecklist { isComplete items { key isDone } } }';
const overviewQuery = webDocument('GetSystemOverview');

interface ChecklistData {
  setupChecklist: { isComplete: boolean; items: { key: string; isDone: boolean }[] };
}

const doneKeys = (data: ChecklistData) =>
  data.setupChecklist.items.filter((item) => item.isDone).map((item) => item.key);

describe('setupChecklist', () => {
  let testApp: TestApp;
  let administrator: SignedInUser;
  const checklist = async () => {
    const response = await graphqlRequest<ChecklistData>(testApp, {
      query: checklistQuery,
      credential: administrator.accessToken,
    });
    expect(response.errors).toBeUndefined();
    return response.data!;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    administrator = await signInTestUser(testApp, { isSystemAdmin: true });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('starts with nothing done on a new installation, every step listed in order', async () => {
    const data = await checklist();
    expect(data.setupChecklist.items.map((item) => item.key)).toEqual([
      'ADD_APPLICATION',
      'INVITE_PEOPLE',
      'CONFIGURE_MAIL',
      'CONNECT_IDENTITY_PROVIDER',
      'RECEIVE_BILLING_WEBHOOK',
    ]);
    expect(doneKeys(data)).toEqual([]);
    expect(data.setupChecklist.isComplete).toBe(false);
  });

  it('ticks each step off from what the installation holds', async () => {
    const { db } = testApp.database;
    await insertTestApplication(db);
    expect(doneKeys(await checklist())).toEqual(['ADD_APPLICATION']);

    const team = await insertTestTeam(db, { ownerId: administrator.user.id });
    await db.insert(teamInvites).values({
      teamId: team.id,
      email: 'grace@example.test',
      teamRole: 'TeamMember',
      invitedBy: administrator.user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(doneKeys(await checklist())).toEqual(['ADD_APPLICATION', 'INVITE_PEOPLE']);

    await db.insert(webhookLogs).values({ externalId: 'msg_1', eventType: 'customer.upserted', payload: {} });
    expect(doneKeys(await checklist())).toEqual(['ADD_APPLICATION', 'INVITE_PEOPLE', 'RECEIVE_BILLING_WEBHOOK']);
  });

  it('counts mail and the identity provider as done once configured', async () => {
    const administratorActor = { kind: 'user' as const, user: administrator.user };
    const configured = await readSetupChecklist(
      testApp.database.db,
      {
        mail: { smtpUrl: 'smtp://mail.example.test', from: 'Portal <portal@example.test>' },
        identity: { ...testApp.config.identity, kind: 'external' },
      },
      administratorActor,
    );
    expect(configured.items.filter((item) => item.isDone).map((item) => item.key)).toEqual([
      'ADD_APPLICATION',
      'INVITE_PEOPLE',
      'CONFIGURE_MAIL',
      'CONNECT_IDENTITY_PROVIDER',
      'RECEIVE_BILLING_WEBHOOK',
    ]);
    expect(configured.isComplete).toBe(true);
  });

  it('refuses anyone but a system administrator, in the API and in the service', async () => {
    const member = await signInTestUser(testApp);
    const response = await graphqlRequest(testApp, { query: checklistQuery, credential: member.accessToken });
    expect(errorCodeOf(response)).toBe('AUTH_NOT_AUTHORIZED');
    expect(response.data?.setupChecklist ?? null).toBeNull();
    await expect(
      readSetupChecklist(testApp.database.db, testApp.config, { kind: 'user', user: member.user }),
    ).rejects.toThrow(AppError);
  });
});

describe('systemOverview', () => {
  let testApp: TestApp;
  let administrator: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    administrator = await signInTestUser(testApp, { isSystemAdmin: true });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('counts people, teams and pending requests, and lists failed webhooks and overdue mail', async () => {
    const { db } = testApp.database;
    const requester = await signInTestUser(testApp);
    const team = await insertTestTeam(db, { ownerId: requester.user.id });
    const otherTeam = await insertTestTeam(db, { ownerId: requester.user.id });
    const application = await insertTestApplication(db);
    const request = {
      applicationId: application.id,
      teamId: team.id,
      teamName: team.name,
      requestedById: requester.user.id,
      contactEmail: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
    };
    await db
      .insert(appRequests)
      .values([
        request,
        { ...request, teamId: otherTeam.id, teamName: otherTeam.name },
        { ...request, status: 'APPROVED', closedAt: new Date() },
      ]);
    await db.insert(webhookLogs).values([
      { externalId: 'msg_ok', eventType: 'customer.upserted', payload: {}, processed: true },
      { externalId: 'msg_failed', eventType: 'invoice.upserted', payload: {}, error: 'Unknown customer c-1' },
    ]);
    const [late, recent] = await db
      .insert(notifications)
      .values([
        { userId: requester.user.id, type: 'TEAM_INVITE', message: 'Late' },
        { userId: requester.user.id, type: 'TEAM_INVITE', message: 'Recent' },
      ])
      .returning();
    await db.insert(pendingNotificationMails).values([
      { notificationId: late!.id, userId: requester.user.id, createdAt: new Date(Date.now() - 2 * 3_600_000) },
      { notificationId: recent!.id, userId: requester.user.id },
    ]);

    const response = await graphqlRequest(testApp, { query: overviewQuery, credential: administrator.accessToken });
    expect(response.errors).toBeUndefined();
    expect(response.data).toMatchObject({
      systemOverview: {
        peopleCount: 2,
        teamCount: 2,
        pendingRequestCount: 2,
        isMailConfigured: false,
        overdueMailCount: 1,
        recentWebhookFailures: [
          {
            id: expect.any(String) as string,
            eventType: 'invoice.upserted',
            error: 'Unknown customer c-1',
            createdAt: expect.any(String) as string,
          },
        ],
      },
    });
  });

  it('refuses anyone but a system administrator, in the API and in the service', async () => {
    const member = await signInTestUser(testApp);
    const response = await graphqlRequest(testApp, { query: overviewQuery, credential: member.accessToken });
    expect(errorCodeOf(response)).toBe('AUTH_NOT_AUTHORIZED');
    await expect(
      readSystemOverview(testApp.database.db, testApp.config, { kind: 'user', user: member.user }),
    ).rejects.toThrow(AppError);
  });
});
