import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarks } from '../db/schema/bookmarks.js';
import { EVENT_LOG_EXPORT_PATH } from '../modules/event-logs/event-log-export.js';
import { termsOfService } from '../modules/users/terms-of-service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestServiceKey, errorCodeOf, graphqlRequest, signInTestUser } from '../test/graphql.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const addBookmark = {
  query:
    'mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }',
  variables: { input: { name: 'Before the terms', url: 'https://terms.example/' } },
};

describe('ASVS V8.2.1 – the API serves only people who accepted the current terms of service', () => {
  it('answers TERMS_NOT_ACCEPTED to everything but reading and accepting the terms, for tokens and service keys', async () => {
    const newcomer = await signInTestUser(testApp, { acceptedTermsVersion: null });
    const key = await createTestServiceKey(testApp, newcomer.user);
    for (const credential of [newcomer.accessToken, key]) {
      expect(errorCodeOf(await graphqlRequest(testApp, { query: '{ me { id } }', credential }))).toBe(
        'TERMS_NOT_ACCEPTED',
      );
      expect(errorCodeOf(await graphqlRequest(testApp, { ...addBookmark, credential }))).toBe('TERMS_NOT_ACCEPTED');
    }
    expect(
      await testApp.database.db.select().from(bookmarks).where(eq(bookmarks.ownerUserId, newcomer.user.id)),
    ).toEqual([]);

    const terms = await graphqlRequest<{ termsOfService: { version: string } }>(testApp, {
      query: '{ termsOfService { version } }',
      credential: newcomer.accessToken,
    });
    expect(terms.data?.termsOfService.version).toBe(termsOfService.version);
    const accepted = await graphqlRequest(testApp, {
      query: 'mutation AcceptTerms($version: String) { acceptTerms(version: $version) { hasAcceptedCurrentTerms } }',
      variables: { version: termsOfService.version },
      credential: newcomer.accessToken,
    });
    expect(accepted.data).toEqual({ acceptTerms: { hasAcceptedCurrentTerms: true } });

    expect((await graphqlRequest(testApp, { query: '{ me { id } }', credential: key })).errors).toBeUndefined();
    expect(
      (await graphqlRequest(testApp, { ...addBookmark, credential: newcomer.accessToken })).errors,
    ).toBeUndefined();
  });

  it('asks again after the terms change (an older version accepted), system administrators included', async () => {
    const admin = await signInTestUser(testApp, { isSystemAdmin: true, acceptedTermsVersion: '2025-01-01' });
    const allUsers = await graphqlRequest(testApp, {
      query: '{ allUsers(first: 1) { totalCount } }',
      credential: admin.accessToken,
    });
    expect(errorCodeOf(allUsers)).toBe('TERMS_NOT_ACCEPTED');
    expect(allUsers.errors?.[0]?.message).toMatch(/terms of service/i);

    const exported = await testApp.app.inject({
      method: 'GET',
      url: EVENT_LOG_EXPORT_PATH,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(exported.statusCode).toBe(403);
    expect(exported.json()).toMatchObject({ error: { code: 'TERMS_NOT_ACCEPTED' } });
  });

  it('test helpers sign people up with the current terms accepted', async () => {
    const person = await signInTestUser(testApp);
    expect(person.user.acceptedTermsVersion).toBe(termsOfService.version);
  });
});
