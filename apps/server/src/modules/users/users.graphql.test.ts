import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestServiceKey, graphqlRequest, signInTestUser } from '../../test/graphql.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const meQuery = /* GraphQL */ `
  query GetMe {
    me {
      id
      firstName
      lastName
      email
      lastLogin
      createdAt
      primaryPhone
      isSystemAdmin
      ordwayCustomerId
      roles
    }
  }
`;

describe('me', () => {
  it('returns the signed-in user with their system roles', async () => {
    const { user, accessToken } = await signInTestUser(testApp, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      isSystemAdmin: true,
      primaryPhone: '+44 20 7946 0000',
      ordwayCustomerId: 'C-1',
      lastLogin: new Date('2026-11-21T10:00:00.000Z'),
      createdAt: new Date('2026-11-20T09:30:00.000Z'),
    });
    const response = await graphqlRequest(testApp, { query: meQuery, credential: accessToken });
    expect(response.data).toEqual({
      me: {
        id: user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: user.email,
        lastLogin: '2026-11-21T10:00:00.000Z',
        createdAt: '2026-11-20T09:30:00.000Z',
        primaryPhone: '+44 20 7946 0000',
        isSystemAdmin: true,
        ordwayCustomerId: 'C-1',
        roles: ['SystemAdmin', 'StandardUser'],
      },
    });
  });

  it('returns the key’s user for a service key', async () => {
    const { user } = await signInTestUser(testApp);
    const serviceKey = await createTestServiceKey(testApp, user);
    const response = await graphqlRequest(testApp, {
      query: 'query GetMe { me { id roles lastLogin } }',
      credential: serviceKey,
    });
    expect(response.data).toEqual({ me: { id: user.id, roles: ['StandardUser'], lastLogin: null } });
  });
});
