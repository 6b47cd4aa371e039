import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { eventLogs, notifications } from '../../db/schema/events.js';
import { sessions } from '../../db/schema/sessions.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signInBuiltInTestUser } from '../../test/built-in-sign-in.js';
import { errorCodeOf, graphqlRequest, signInTestUser } from '../../test/graphql.js';
import { registerTestPasskey, SoftwareAuthenticator } from '../../test/software-authenticator.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const passkeyFields = 'id name createdAt lastUsedAt backedUp';

describe('passkeys on the account page', () => {
  it('adds a named passkey through start and finish, lists it, renames and removes it', async () => {
    const person = await signInBuiltInTestUser(testApp, 'a passkey passphrase');
    const otherBrowser = await createSession(testApp.database.db, {
      userId: person.user.id,
      identityIssuer: person.user.identityIssuer,
    });
    const call = (query: string, variables?: Record<string, unknown>) =>
      graphqlRequest<Record<string, unknown>>(testApp, { query, variables, credential: person.accessToken });

    expect((await call(`{ myPasskeys { ${passkeyFields} } }`)).data).toEqual({ myPasskeys: [] });

    const started = await call('mutation { startPasskeyRegistration }');
    expect(started.errors).toBeUndefined();
    const options = JSON.parse(started.data!.startPasskeyRegistration as string) as Parameters<
      SoftwareAuthenticator['register']
    >[0];
    expect(options.rp.id).toBe(new URL(testApp.config.publicUrl).hostname);
    const response = new SoftwareAuthenticator(new URL(testApp.config.publicUrl).origin).register(options);
    const finished = await call(
      `mutation Finish($input: FinishPasskeyRegistrationInput!) { finishPasskeyRegistration(input: $input) { ${passkeyFields} } }`,
      { input: { name: '  Work laptop ', response: JSON.stringify(response) } },
    );
    expect(finished.errors).toBeUndefined();
    const added = finished.data!.finishPasskeyRegistration as { id: string; name: string; lastUsedAt: null };
    expect(added).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    // The other browser is signed out; this one is not.
    const [ended] = await testApp.database.db.select().from(sessions).where(eq(sessions.id, otherBrowser.id));
    expect(ended!.revokedAt).toBeInstanceOf(Date);
    const [current] = await testApp.database.db.select().from(sessions).where(eq(sessions.id, person.sessionId));
    expect(current!.revokedAt).toBeNull();
    const mine = await testApp.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.user.id), eq(notifications.type, 'AccountSecurity')));
    expect(mine.map((notification) => notification.message)).toEqual([
      expect.stringContaining('“Work laptop” was added'),
    ]);

    // The same answer twice is refused: its challenge is used up.
    const replayed = await call(
      'mutation Finish($input: FinishPasskeyRegistrationInput!) { finishPasskeyRegistration(input: $input) { id } }',
      { input: { name: 'Again', response: JSON.stringify(response) } },
    );
    expect(errorCodeOf(replayed)).toBe('INVALID_REQUEST');

    const renamed = await call('mutation R($input: RenamePasskeyInput!) { renamePasskey(input: $input) { name } }', {
      input: { id: added.id, name: 'Desk' },
    });
    expect(renamed.data).toEqual({ renamePasskey: { name: 'Desk' } });
    const emptyName = await call('mutation R($input: RenamePasskeyInput!) { renamePasskey(input: $input) { name } }', {
      input: { id: added.id, name: '  ' },
    });
    expect(errorCodeOf(emptyName)).toBe('INVALID_REQUEST');

    const removed = await call('mutation D($id: ID!) { removePasskey(id: $id) { id name } }', { id: added.id });
    expect(removed.data).toEqual({ removePasskey: { id: added.id, name: 'Desk' } });
    expect((await call(`{ myPasskeys { id } }`)).data).toEqual({ myPasskeys: [] });

    const events = await testApp.database.db
      .select({ eventType: eventLogs.eventType })
      .from(eventLogs)
      .where(eq(eventLogs.userId, person.user.id));
    expect(events.map((event) => event.eventType)).toEqual(
      expect.arrayContaining(['user.passkey-added', 'user.passkey-renamed', 'user.passkey-removed']),
    );
  });

  it("answers NOT_FOUND for another person's passkey and changes nothing", async () => {
    const owner = await signInBuiltInTestUser(testApp, 'an owner passphrase');
    const { passkey } = await registerTestPasskey(testApp.database.db, {
      publicUrl: testApp.config.publicUrl,
      accountId: owner.user.identitySubject,
      name: 'Owner key',
    });
    const intruder = await signInBuiltInTestUser(testApp, 'an intruder passphrase');
    const asIntruder = (query: string, variables: Record<string, unknown>) =>
      graphqlRequest(testApp, { query, variables, credential: intruder.accessToken });
    expect(
      errorCodeOf(
        await asIntruder('mutation R($input: RenamePasskeyInput!) { renamePasskey(input: $input) { id } }', {
          input: { id: passkey.id, name: 'Mine now' },
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(
      errorCodeOf(await asIntruder('mutation D($id: ID!) { removePasskey(id: $id) { id } }', { id: passkey.id })),
    ).toBe('NOT_FOUND');
    const listed = await graphqlRequest(testApp, { query: '{ myPasskeys { name } }', credential: owner.accessToken });
    expect(listed.data).toEqual({ myPasskeys: [{ name: 'Owner key' }] });
  });

  it('has no passkeys for a person of an external provider, and refuses to add one', async () => {
    const external = await signInTestUser(testApp);
    const listed = await graphqlRequest(testApp, { query: '{ myPasskeys { id } }', credential: external.accessToken });
    expect(listed.data).toEqual({ myPasskeys: [] });
    const started = await graphqlRequest(testApp, {
      query: 'mutation { startPasskeyRegistration }',
      credential: external.accessToken,
    });
    expect(errorCodeOf(started)).toBe('INVALID_REQUEST');
  });
});

describe('MFA_POLICY=required and passkeys', () => {
  let requiredApp: TestApp;
  beforeAll(async () => {
    requiredApp = await createTestApp({ MFA_POLICY: 'required' });
  });
  afterAll(async () => {
    await requiredApp.close();
  });

  it('keeps the last second factor: the only passkey of a person without an authenticator app stays', async () => {
    const person = await signInBuiltInTestUser(requiredApp, 'a required passphrase');
    const { passkey: first } = await registerTestPasskey(requiredApp.database.db, {
      publicUrl: requiredApp.config.publicUrl,
      accountId: person.user.identitySubject,
      name: 'First',
    });
    const { passkey: second } = await registerTestPasskey(requiredApp.database.db, {
      publicUrl: requiredApp.config.publicUrl,
      accountId: person.user.identitySubject,
      name: 'Second',
    });
    const remove = (id: string) =>
      graphqlRequest(requiredApp, {
        query: 'mutation D($id: ID!) { removePasskey(id: $id) { id } }',
        variables: { id },
        credential: person.accessToken,
      });
    expect((await remove(first.id)).errors).toBeUndefined();
    const refused = await remove(second.id);
    expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');
    expect(refused.errors![0]!.message).toContain('requires two-factor authentication');
  });
});
