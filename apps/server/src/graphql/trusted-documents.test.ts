import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestServiceKey, errorCodeOf, graphqlRequest, signInTestUser } from '../test/graphql.js';
import type { SignedInUser } from '../test/graphql.js';
import { webDocument } from '../test/web-documents.js';

const handWritten = 'query Explore { me { id email } }';

describe('API8:2023 / ASVS V4.3.1 query allowlist – trusted documents, enforced (the production default)', () => {
  let testApp: TestApp;
  let user: SignedInUser;
  let serviceKey: string;

  beforeAll(async () => {
    testApp = await createTestApp({ GRAPHQL_TRUSTED_DOCUMENTS: 'enforce' });
    user = await signInTestUser(testApp);
    serviceKey = await createTestServiceKey(testApp, user.user);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("runs the web client's own documents for a signed-in browser and for anyone where the operation allows it", async () => {
    const profile = await graphqlRequest(testApp, { query: webDocument('GetMyProfile'), credential: user.accessToken });
    expect(profile.errors).toBeUndefined();
    const terms = await graphqlRequest(testApp, { query: webDocument('GetTermsOfService') });
    expect(terms.errors).toBeUndefined();
  });

  it('refuses any other document from a browser token or without a credential, with 400 INVALID_REQUEST', async () => {
    for (const credential of [user.accessToken, undefined, 'dxp_sk_forged']) {
      const response = await graphqlRequest(testApp, { query: handWritten, credential });
      expect(response.status).toBe(400);
      expect(errorCodeOf(response)).toBe('INVALID_REQUEST');
      expect(response.data).toBeUndefined();
    }
    // A web document with one character changed is another document.
    const altered = await graphqlRequest(testApp, {
      query: `${webDocument('GetMyProfile')} `,
      credential: user.accessToken,
    });
    expect(errorCodeOf(altered)).toBe('INVALID_REQUEST');
  });

  it('runs any document for a service key', async () => {
    const response = await graphqlRequest(testApp, { query: handWritten, credential: serviceKey });
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({ me: { id: user.user.id, email: user.user.email } });
  });

  it('refuses a browser token a document only a service key may run, however often the key has run it', async () => {
    for (let run = 0; run < 3; run += 1) {
      expect((await graphqlRequest(testApp, { query: handWritten, credential: serviceKey })).errors).toBeUndefined();
    }
    const browser = await graphqlRequest(testApp, { query: handWritten, credential: user.accessToken });
    expect(browser.status).toBe(400);
    expect(errorCodeOf(browser)).toBe('INVALID_REQUEST');
    expect(browser.data).toBeUndefined();
  });
});

describe('API8:2023 / ASVS V4.3.1 query allowlist – trusted documents, off (development and tests)', () => {
  it('runs a hand-written document for a browser token', async () => {
    const testApp = await createTestApp();
    try {
      const { accessToken } = await signInTestUser(testApp);
      expect((await graphqlRequest(testApp, { query: handWritten, credential: accessToken })).errors).toBeUndefined();
    } finally {
      await testApp.close();
    }
  });
});
