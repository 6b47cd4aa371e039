import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../../idp/identity-accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signInBuiltInTestUser } from '../../test/built-in-sign-in.js';
import { graphqlRequest, signInTestUser } from '../../test/graphql.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const changeMyPassword = 'mutation ($input: ChangeMyPasswordInput!) { changeMyPassword(input: $input) }';
const sendPasswordResetLink =
  'mutation ($userId: ID!) { sendPasswordResetLink(userId: $userId) { email mailed link } }';

describe('changeMyPassword', () => {
  it('needs the current password and a new one that meets the policy, then only the new one signs in', async () => {
    const person = await signInBuiltInTestUser(testApp, 'the current passphrase');
    const change = (currentPassword: string, newPassword: string) =>
      graphqlRequest(testApp, {
        query: changeMyPassword,
        variables: { input: { currentPassword, newPassword } },
        credential: person.accessToken,
      });

    const wrongCurrent = await change('not my passphrase', 'the next passphrase');
    expect(wrongCurrent.errors?.[0]).toMatchObject({
      message: 'The current password is incorrect.',
      extensions: { code: 'INVALID_REQUEST' },
    });
    const weak = await change('the current passphrase', '1234567890');
    expect(weak.errors?.[0]).toMatchObject({
      message: 'This password is common or easy to guess. Try a few unrelated words together.',
      extensions: { code: 'INVALID_REQUEST' },
    });
    expect((await change('the current passphrase', 'the next passphrase')).errors).toBeUndefined();

    const { db } = testApp.database;
    const email = person.user.email;
    expect((await signInWithPassword(db, { email, password: 'the current passphrase' })).outcome).toBe(
      'invalid-credentials',
    );
    expect((await signInWithPassword(db, { email, password: 'the next passphrase' })).outcome).toBe('signed-in');
  });

  it('says so for a person of another identity provider', async () => {
    const elsewhere = await signInTestUser(testApp);
    const response = await graphqlRequest(testApp, {
      query: changeMyPassword,
      variables: { input: { currentPassword: 'anything at all', newPassword: 'the next passphrase' } },
      credential: elsewhere.accessToken,
    });
    expect(response.errors?.[0]?.extensions?.code).toBe('INVALID_REQUEST');
    expect(response.errors?.[0]?.message).toMatch(/change it there/);
  });
});

describe('sendPasswordResetLink', () => {
  it('gives a system administrator the link to copy when no mail is configured', async () => {
    const admin = await signInTestUser(testApp, { isSystemAdmin: true });
    const person = await signInBuiltInTestUser(testApp, 'a forgotten passphrase');
    const response = await graphqlRequest<{ sendPasswordResetLink: { email: string; mailed: boolean; link: string } }>(
      testApp,
      { query: sendPasswordResetLink, variables: { userId: person.user.id }, credential: admin.accessToken },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!.sendPasswordResetLink).toMatchObject({ email: person.user.email, mailed: false });
    expect(response.data!.sendPasswordResetLink.link).toMatch(/^http:\/\/localhost:3999\/idp\/reset-password\?token=/);
  });
});

describe('the password check as the person types (/idp/password-check)', () => {
  it('answers the policy message, or null when the password is fine', async () => {
    const check = async (body: Record<string, string>) =>
      (await testApp.app.inject({ method: 'POST', url: '/idp/password-check', payload: body })).json<{
        problem: string | null;
      }>();
    expect(await check({ password: 'short' })).toEqual({ problem: 'Use at least 8 characters.' });
    expect(await check({ password: 'password1' })).toEqual({
      problem: 'This password is common or easy to guess. Try a few unrelated words together.',
    });
    expect(await check({ password: 'lovelace1815', lastName: 'Lovelace' })).toMatchObject({
      problem: expect.stringMatching(/easy to guess/) as unknown,
    });
    expect(await check({ password: 'violet kettle orbit' })).toEqual({ problem: null });
  });
});
