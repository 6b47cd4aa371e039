import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { identityProviderRecords } from '../db/schema/auth.js';
import { createTestDatabase } from '../test/database.js';
import {
  createDatabaseAdapterFactory,
  purgeExpiredIdentityProviderRecords,
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS,
} from './provider-adapter.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ASVS V10.4.2, V10.4.5 – identity provider storage', () => {
  it('finds records by id and uid, per model', async () => {
    const adapterFor = createDatabaseAdapterFactory(database.db);
    await adapterFor('Session').upsert('session-1', { uid: 'uid-1', accountId: 'a' }, 60);
    expect(await adapterFor('Session').find('session-1')).toEqual({ uid: 'uid-1', accountId: 'a' });
    expect(await adapterFor('Session').findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'a' });
    expect(await adapterFor('Grant').find('session-1')).toBeUndefined();

    await adapterFor('Session').upsert('session-1', { uid: 'uid-1', accountId: 'b' }, 60);
    expect(await adapterFor('Session').find('session-1')).toMatchObject({ accountId: 'b' });
    await adapterFor('Session').destroy('session-1');
    expect(await adapterFor('Session').find('session-1')).toBeUndefined();
  });

  it('marks consumed records and forgets expired ones', async () => {
    const codes = createDatabaseAdapterFactory(database.db)('AuthorizationCode');
    await codes.upsert('code-1', { grantId: 'g' }, 60);
    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toBeTypeOf('number');

    await codes.upsert('code-2', { grantId: 'g' }, 60);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await codes.find('code-2')).toBeUndefined();
    await purgeExpiredIdentityProviderRecords(database.db);
    expect(await database.db.select().from(identityProviderRecords)).toEqual([]);
  });

  it('takes a refresh token used again within the reuse interval as unused, the interval counted from its first use', async () => {
    const refreshTokens = createDatabaseAdapterFactory(database.db)('RefreshToken');
    await refreshTokens.upsert('refresh-3', { grantId: 'grant-3' }, 600);
    const firstUse = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: firstUse });
    await refreshTokens.consume('refresh-3');
    vi.setSystemTime(firstUse + 20_000);
    expect((await refreshTokens.find('refresh-3'))?.consumed).toBeUndefined();
    // Used again, and spent again: the interval does not start over.
    await refreshTokens.consume('refresh-3');
    vi.setSystemTime(firstUse + (REFRESH_TOKEN_REUSE_INTERVAL_SECONDS + 1) * 1000);
    expect((await refreshTokens.find('refresh-3'))?.consumed).toBe(Math.floor(firstUse / 1000));
  });

  it('revokes everything issued under a grant', async () => {
    const adapterFor = createDatabaseAdapterFactory(database.db);
    await adapterFor('RefreshToken').upsert('refresh-1', { grantId: 'grant-1' }, 600);
    await adapterFor('RefreshToken').upsert('refresh-2', { grantId: 'grant-2' }, 600);
    await adapterFor('RefreshToken').revokeByGrantId('grant-1');
    expect(await adapterFor('RefreshToken').find('refresh-1')).toBeUndefined();
    expect(await adapterFor('RefreshToken').find('refresh-2')).toBeDefined();
  });
});
