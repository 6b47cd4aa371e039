import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { serviceKeys } from '../db/schema/auth.js';
import { users } from '../db/schema/users.js';
import { createTestDatabase } from '../test/database.js';
import { insertTestUser } from '../test/users.js';
import { createAccessTokens } from './access-tokens.js';
import { type Authenticator, createAuthenticator } from './authenticator.js';
import { createServiceKey, revokeServiceKey } from './service-keys.js';
import { createSession, revokeSession } from './sessions.js';

const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3999' });
let database: DatabaseHandle;
let authenticator: Authenticator;

/** A token of a fresh session of the user, as a sign-in issues. */
async function issueToken(userId: string) {
  const session = await createSession(database.db, { userId, identityIssuer: 'https://issuer.test' });
  return {
    ...(await (await createAccessTokens(database.db, config)).issue({ userId, sessionId: session.id })),
    session,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  authenticator = await createAuthenticator({ config, database });
});
afterAll(async () => {
  await database.close();
});

describe('API2:2023 broken authentication (ASVS V9.1.1, V9.2.1) – authenticate with an access token', () => {
  it('answers null without a header and the user for a valid token', async () => {
    const user = await insertTestUser(database.db);
    const { accessToken } = await issueToken(user.id);
    expect(await authenticator.authenticate(undefined)).toBeNull();
    expect(await authenticator.authenticate(`Bearer ${accessToken}`)).toMatchObject({
      kind: 'user',
      user: { id: user.id },
    });
  });

  it('ASVS V9.1.1, V7.4.2 – refuses a malformed header, a tampered token and the token of a deleted user', async () => {
    const user = await insertTestUser(database.db);
    const { accessToken } = await issueToken(user.id);
    const tampered = `${accessToken.slice(0, -4)}AAAA`;
    await expect(authenticator.authenticate(accessToken)).rejects.toMatchObject({ code: 'AUTH_NOT_AUTHENTICATED' });
    await expect(authenticator.authenticate(`Bearer ${tampered}`)).rejects.toMatchObject({
      code: 'AUTH_NOT_AUTHENTICATED',
    });
    // Accepted once (and so remembered as verified), the token still answers for the account as it is now.
    expect(await authenticator.authenticate(`Bearer ${accessToken}`)).toMatchObject({ kind: 'user' });
    await database.db.delete(users).where(eq(users.id, user.id));
    await expect(authenticator.authenticate(`Bearer ${accessToken}`)).rejects.toMatchObject({
      code: 'AUTH_NOT_AUTHENTICATED',
    });
  });

  it('ASVS V7.4.1 – refuses a token, even one it has verified before, once its session is revoked', async () => {
    const user = await insertTestUser(database.db);
    const { accessToken, session } = await issueToken(user.id);
    expect(await authenticator.authenticate(`Bearer ${accessToken}`)).toMatchObject({ sessionId: session.id });
    await revokeSession(database.db, { userId: user.id, sessionId: session.id });
    await expect(authenticator.authenticate(`Bearer ${accessToken}`)).rejects.toMatchObject({
      code: 'AUTH_NOT_AUTHENTICATED',
    });
  });

  it('ASVS V7.4.1 – refuses a token that names no session, or the session of another user', async () => {
    const user = await insertTestUser(database.db);
    const other = await insertTestUser(database.db);
    const { session: othersSession } = await issueToken(other.id);
    const accessTokens = await createAccessTokens(database.db, config);
    const borrowed = await accessTokens.issue({ userId: user.id, sessionId: othersSession.id });
    await expect(authenticator.authenticate(`Bearer ${borrowed.accessToken}`)).rejects.toMatchObject({
      code: 'AUTH_NOT_AUTHENTICATED',
    });
    const unknown = await accessTokens.issue({ userId: user.id, sessionId: crypto.randomUUID() });
    await expect(authenticator.authenticate(`Bearer ${unknown.accessToken}`)).rejects.toMatchObject({
      code: 'AUTH_NOT_AUTHENTICATED',
    });
  });

  it('ASVS V9.2.1 – stops accepting a token at its expiry, even one it has verified before', async () => {
    const user = await insertTestUser(database.db);
    const { accessToken, expiresAt } = await issueToken(user.id);
    expect(await authenticator.authenticate(`Bearer ${accessToken}`)).toMatchObject({
      kind: 'user',
      user: { id: user.id },
    });
    vi.useFakeTimers({ toFake: ['Date'], now: expiresAt * 1000 + 1 });
    try {
      await expect(authenticator.authenticate(`Bearer ${accessToken}`)).rejects.toMatchObject({
        code: 'AUTH_NOT_AUTHENTICATED',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares its signing key with every instance on the same database, as replicas do', async () => {
    const user = await insertTestUser(database.db);
    const [first, second] = await Promise.all([
      createAccessTokens(database.db, config),
      createAccessTokens(database.db, config),
    ]);
    const { session } = await issueToken(user.id);
    const { accessToken } = await first.issue({ userId: user.id, sessionId: session.id });
    expect(await second.verify(accessToken)).toEqual({ userId: user.id, sessionId: session.id });
  });
});

describe('API2:2023 broken authentication – service keys', () => {
  it('authenticates with a new key, which is stored only as a hash', async () => {
    const user = await insertTestUser(database.db);
    const { serviceKey, plainKey } = await createServiceKey(database.db, { userId: user.id, name: 'CI' });
    expect(plainKey).toMatch(/^dxp_sk_[\w-]{43}$/);
    expect(serviceKey.keyHash).not.toContain(plainKey.slice(7));
    expect(plainKey.startsWith(serviceKey.prefix)).toBe(true);

    const actor = await authenticator.authenticate(`Bearer ${plainKey}`);
    expect(actor).toMatchObject({ kind: 'service-key', serviceKeyId: serviceKey.id, user: { id: user.id } });
    const [stored] = await database.db.select().from(serviceKeys).where(eq(serviceKeys.id, serviceKey.id));
    expect(stored!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses a revoked key at once and an unknown one', async () => {
    const user = await insertTestUser(database.db);
    const { serviceKey, plainKey } = await createServiceKey(database.db, { userId: user.id, name: 'deploy' });
    await revokeServiceKey(database.db, { userId: user.id, serviceKeyId: serviceKey.id });
    await expect(authenticator.authenticate(`Bearer ${plainKey}`)).rejects.toMatchObject({
      code: 'AUTH_NOT_AUTHENTICATED',
    });
    await expect(authenticator.authenticate('Bearer dxp_sk_unknown')).rejects.toMatchObject({
      code: 'AUTH_NOT_AUTHENTICATED',
    });
  });

  it("API1:2023 BOLA – lets nobody revoke another user's key", async () => {
    const owner = await insertTestUser(database.db);
    const stranger = await insertTestUser(database.db);
    const { serviceKey, plainKey } = await createServiceKey(database.db, { userId: owner.id, name: 'mine' });
    await expect(
      revokeServiceKey(database.db, { userId: stranger.id, serviceKeyId: serviceKey.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await authenticator.authenticate(`Bearer ${plainKey}`)).toMatchObject({ kind: 'service-key' });
  });

  it('refuses an empty or overlong name', async () => {
    const user = await insertTestUser(database.db);
    await expect(createServiceKey(database.db, { userId: user.id, name: '  ' })).rejects.toMatchObject({
      code: 'INVALID_CONTENT',
    });
    await expect(createServiceKey(database.db, { userId: user.id, name: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'INVALID_CONTENT',
    });
  });
});
