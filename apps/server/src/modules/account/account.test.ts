import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs } from '../../db/schema/events.js';
import { users } from '../../db/schema/users.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { termsOfService } from '../users/terms-of-service.js';

let testApp: TestApp;
let ada: SignedInUser;
let grace: SignedInUser;

const profileFields = 'id firstName lastName email primaryPhone termsAcceptedAt hasAcceptedCurrentTerms';
const getMyProfile = `query GetMyProfile($userId: ID) { myProfile(userId: $userId) { ${profileFields} } }`;
const updateMyProfile = `mutation UpdateMyProfile($userInput: UpdateMyProfileInput!) { updateMyProfile(userInput: $userInput) { ${profileFields} } }`;
const acceptTerms = `mutation AcceptTerms($version: String) { acceptTerms(version: $version) { ${profileFields} } }`;

interface Profile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  primaryPhone: string | null;
  termsAcceptedAt: string | null;
  hasAcceptedCurrentTerms: boolean;
}

beforeAll(async () => {
  testApp = await createTestApp();
  ada = await signInTestUser(testApp, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
  grace = await signInTestUser(testApp, { firstName: 'Grace', lastName: 'Hopper' });
});
afterAll(async () => {
  await testApp.close();
});

async function eventsOf(eventType: string, userId: string) {
  return testApp.database.db
    .select()
    .from(eventLogs)
    .where(and(eq(eventLogs.eventType, eventType), eq(eventLogs.userId, userId)));
}

describe('myProfile', () => {
  it("gives the signed-in user's profile, with or without their own id", async () => {
    for (const variables of [{}, { userId: ada.user.id }]) {
      const response = await graphqlRequest<{ myProfile: Profile }>(testApp, {
        query: getMyProfile,
        variables,
        credential: ada.accessToken,
      });
      expect(response.data!.myProfile).toMatchObject({ id: ada.user.id, firstName: 'Ada', email: 'ada@example.com' });
    }
  });

  it("API1:2023 BOLA – answers NOT_FOUND for anyone else's id", async () => {
    const response = await graphqlRequest(testApp, {
      query: getMyProfile,
      variables: { userId: grace.user.id },
      credential: ada.accessToken,
    });
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect(response.data).toBeNull();
  });
});

describe('updateMyProfile', () => {
  it('saves trimmed names and a phone number, records which fields changed, and leaves the email alone', async () => {
    const response = await graphqlRequest<{ updateMyProfile: Profile }>(testApp, {
      query: updateMyProfile,
      variables: { userInput: { firstName: '  Augusta Ada ', lastName: 'Lovelace', primaryPhone: '+44 20 7946 0958' } },
      credential: ada.accessToken,
    });
    expect(response.errors).toBeUndefined();
    expect(response.data!.updateMyProfile).toMatchObject({
      firstName: 'Augusta Ada',
      lastName: 'Lovelace',
      primaryPhone: '+44 20 7946 0958',
      email: 'ada@example.com',
    });
    const [event] = await eventsOf('profile.updated', ada.user.id);
    expect(event!.payload).toEqual({ changedFields: ['firstName', 'primaryPhone'] });
  });

  it('clears the phone number with empty text', async () => {
    const response = await graphqlRequest<{ updateMyProfile: Profile }>(testApp, {
      query: updateMyProfile,
      variables: { userInput: { firstName: 'Grace', lastName: 'Hopper', primaryPhone: '  ' } },
      credential: grace.accessToken,
    });
    expect(response.data!.updateMyProfile.primaryPhone).toBeNull();
  });

  it.each([
    [{ firstName: ' ', lastName: 'Hopper' }, 'firstName'],
    [{ firstName: 'Grace', lastName: 'x'.repeat(101) }, 'lastName'],
    [{ firstName: 'Grace', lastName: 'Hopper', primaryPhone: 'call me' }, 'primaryPhone'],
    [{ firstName: 'Grace', lastName: 'Hopper', primaryPhone: '+1 23' }, 'primaryPhone'],
  ])('refuses %o with INVALID_REQUEST naming %s, and changes nothing', async (userInput, field) => {
    const response = await graphqlRequest(testApp, {
      query: updateMyProfile,
      variables: { userInput },
      credential: grace.accessToken,
    });
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(Object.keys(response.errors?.[0]?.extensions?.fields as object)).toEqual([field]);
    const [stored] = await testApp.database.db.select().from(users).where(eq(users.id, grace.user.id));
    expect(stored).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('API3:2023 mass assignment (ASVS V15.3.3) – has no email field to change', async () => {
    const response = await graphqlRequest(testApp, {
      query: updateMyProfile,
      variables: { userInput: { firstName: 'Grace', lastName: 'Hopper', email: 'new@example.com' } },
      credential: grace.accessToken,
    });
    expect(response.status).toBe(400);
    expect(response.errors?.[0]?.message).toMatch(/"email" is not defined/);
  });
});

describe('terms of service', () => {
  it('are readable without signing in', async () => {
    const response = await graphqlRequest<{ termsOfService: { version: string; markdown: string } }>(testApp, {
      query: 'query GetTermsOfService { termsOfService { version markdown } }',
    });
    expect(response.data!.termsOfService).toEqual(termsOfService);
  });

  it('change only together with their version date', () => {
    const textHash = createHash('sha256').update(termsOfService.markdown).digest('hex').slice(0, 16);
    // Changed the text? Set `version` to the date it takes effect and update both values here.
    expect({ version: termsOfService.version, textHash }).toEqual({
      version: '2026-11-01',
      textHash: '3f9ddaa90c097d3c',
    });
    expect(termsOfService.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('are accepted once for the current version: me, userinfo and the event say so', async () => {
    const reader = await signInTestUser(testApp, { acceptedTermsVersion: null, termsAcceptedAt: null });
    // Before accepting, the API answers nothing but the terms (graphql/terms-enforcement.test.ts).
    const before = await graphqlRequest<{ me: Profile }>(testApp, {
      query: `query GetMe { me { ${profileFields} } }`,
      credential: reader.accessToken,
    });
    expect(errorCodeOf(before)).toBe('TERMS_NOT_ACCEPTED');

    const accepted = await graphqlRequest<{ acceptTerms: Profile }>(testApp, {
      query: acceptTerms,
      variables: { version: termsOfService.version },
      credential: reader.accessToken,
    });
    expect(accepted.data!.acceptTerms.hasAcceptedCurrentTerms).toBe(true);
    expect(accepted.data!.acceptTerms.termsAcceptedAt).not.toBeNull();

    const userInfo = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/userinfo',
      headers: { authorization: `Bearer ${reader.accessToken}` },
    });
    expect(userInfo.json()).toMatchObject({
      hasAcceptedCurrentTerms: true,
      termsAcceptedAt: accepted.data!.acceptTerms.termsAcceptedAt,
    });
    const [event] = await eventsOf('terms.accepted', reader.user.id);
    expect(event!.payload).toEqual({ version: termsOfService.version });
  });

  it('count as not accepted once a newer version is current', async () => {
    const reader = await signInTestUser(testApp, {
      termsAcceptedAt: new Date('2025-01-01'),
      acceptedTermsVersion: '2025-01-01',
    });
    const userInfo = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/userinfo',
      headers: { authorization: `Bearer ${reader.accessToken}` },
    });
    expect(userInfo.json()).toMatchObject({ hasAcceptedCurrentTerms: false });
    const me = await graphqlRequest<{ me: Profile }>(testApp, {
      query: `query GetMe { me { ${profileFields} } }`,
      credential: reader.accessToken,
    });
    expect(errorCodeOf(me)).toBe('TERMS_NOT_ACCEPTED');
  });

  it('refuse an outdated version with INVALID_CONTENT and record nothing', async () => {
    const reader = await signInTestUser(testApp, { acceptedTermsVersion: null, termsAcceptedAt: null });
    const response = await graphqlRequest(testApp, {
      query: acceptTerms,
      variables: { version: '2020-01-01' },
      credential: reader.accessToken,
    });
    expect(response.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_CONTENT',
      currentVersion: termsOfService.version,
    });
    const [stored] = await testApp.database.db.select().from(users).where(eq(users.id, reader.user.id));
    expect(stored!.acceptedTermsVersion).toBeNull();
    expect(await eventsOf('terms.accepted', reader.user.id)).toEqual([]);
  });
});
