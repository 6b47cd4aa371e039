import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { graphqlRequest, signInTestUser } from '../test/graphql.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  // The installation keeps one system administrator, so the users below may delete themselves.
  await signInTestUser(testApp, { isSystemAdmin: true });
});
afterAll(async () => {
  await testApp.close();
});

describe('ASVS V16.5.3 fail securely – a row that vanishes while a request runs', () => {
  it('answers NOT_FOUND, not an unexpected error, when a later mutation writes for an account deleted earlier in the document', async () => {
    const { accessToken } = await signInTestUser(testApp);
    const response = await graphqlRequest(testApp, {
      query: 'mutation { deleteAccount markAllNotificationsRead }',
      credential: accessToken,
    });
    expect(response.data).toBeNull();
    expect(response.errors).toHaveLength(1);
    expect(response.errors?.[0]).toMatchObject({
      path: ['markAllNotificationsRead'],
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('ASVS V7.4.2 – refuses the deleted account on its next request', async () => {
    const { accessToken } = await signInTestUser(testApp);
    await graphqlRequest(testApp, { query: 'mutation { deleteAccount }', credential: accessToken });
    const response = await graphqlRequest(testApp, { query: '{ me { id } }', credential: accessToken });
    expect(response.errors?.[0]?.extensions?.code).toBe('AUTH_NOT_AUTHENTICATED');
  });
});
