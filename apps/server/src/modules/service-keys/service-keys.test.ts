import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceKeys } from '../../db/schema/auth.js';
import { eventLogs } from '../../db/schema/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';

let testApp: TestApp;
let owner: SignedInUser;
let otherUser: SignedInUser;

const createKey = 'mutation CreateServiceKey($name: String!) { createServiceKey(name: $name) { id name prefix key createdAt lastUsedAt } }';
const listKeys = 'query GetServiceKeys { serviceKeys { id name prefix key createdAt lastUsedAt } }';
const revokeKey = 'mutation RevokeServiceKey($id: ID!) { revokeServiceKey(id: $id) { id name } }';

interface ServiceKeyFields {
  id: string;
  name: string;
  prefix: string;
  key: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signInTestUser(testApp);
  otherUser = await signInTestUser(testApp);
});
afterAll(async () => {
  await testApp.close();
});

async function createServiceKeyAs(user: SignedInUser, name: string) {
  return graphqlRequest<{ createServiceKey: ServiceKeyFields }>(testApp, {
    query: createKey,
    variables: { name },
    credential: user.accessToken,
  });
}

describe('service keys', () => {
  it('returns the key once, stores only its hash, and lists it without the key', async () => {
    const created = await createServiceKeyAs(owner, '  Deploy bot  ');
    expect(created.errors).toBeUndefined();
    const { key, prefix, id, name } = created.data!.createServiceKey;
    expect(name).toBe('Deploy bot');
    expect(key).toMatch(/^dxp_sk_[\w-]{43}$/);
    expect(key!.startsWith(prefix)).toBe(true);

    const [stored] = await testApp.database.db.select().from(serviceKeys).where(eq(serviceKeys.id, id));
    expect(JSON.stringify(stored)).not.toContain(key!.slice(prefix.length));

    const listed = await graphqlRequest<{ serviceKeys: ServiceKeyFields[] }>(testApp, { query: listKeys, credential: owner.accessToken });
    expect(listed.data!.serviceKeys).toEqual([expect.objectContaining({ id, name: 'Deploy bot', prefix, key: null, lastUsedAt: null })]);

    const [event] = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'service_key.created'), eq(eventLogs.userId, owner.user.id)));
    expect(event!.payload).toEqual({ serviceKeyId: id, name: 'Deploy bot', prefix });
    expect(JSON.stringify(event)).not.toContain(key!.slice(prefix.length));
  });

  it('authenticates /graphql as its user, records its use, and is refused on the next call after revocation', async () => {
    const { key, id } = (await createServiceKeyAs(owner, 'Script')).data!.createServiceKey;
    const asKey = await graphqlRequest<{ me: { id: string } }>(testApp, { query: 'query GetMe { me { id } }', credential: key! });
    expect(asKey.data!.me.id).toBe(owner.user.id);
    const listed = await graphqlRequest<{ serviceKeys: ServiceKeyFields[] }>(testApp, { query: listKeys, credential: owner.accessToken });
    expect(listed.data!.serviceKeys.find((serviceKey) => serviceKey.id === id)!.lastUsedAt).not.toBeNull();

    const revoked = await graphqlRequest(testApp, { query: revokeKey, variables: { id }, credential: owner.accessToken });
    expect(revoked.errors).toBeUndefined();
    const afterRevocation = await graphqlRequest(testApp, { query: 'query GetMe { me { id } }', credential: key! });
    expect(afterRevocation.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHENTICATED' });

    const stillListed = await graphqlRequest<{ serviceKeys: ServiceKeyFields[] }>(testApp, { query: listKeys, credential: owner.accessToken });
    expect(stillListed.data!.serviceKeys.map((serviceKey) => serviceKey.id)).not.toContain(id);
    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'service_key.revoked'), eq(eventLogs.userId, owner.user.id)));
    expect(events.map((event) => event.payload)).toContainEqual(expect.objectContaining({ serviceKeyId: id, name: 'Script' }));
  });

  it("cannot list, revoke or create keys of another user's", async () => {
    const { id } = (await createServiceKeyAs(owner, 'Private')).data!.createServiceKey;
    const othersList = await graphqlRequest<{ serviceKeys: ServiceKeyFields[] }>(testApp, { query: listKeys, credential: otherUser.accessToken });
    expect(othersList.data!.serviceKeys).toEqual([]);
    const othersRevoke = await graphqlRequest(testApp, { query: revokeKey, variables: { id }, credential: otherUser.accessToken });
    expect(othersRevoke.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const [stored] = await testApp.database.db.select().from(serviceKeys).where(eq(serviceKeys.id, id));
    expect(stored!.revokedAt).toBeNull();
  });

  it('answers NOT_FOUND for a revoked, unknown or malformed id', async () => {
    const { id } = (await createServiceKeyAs(owner, 'Twice')).data!.createServiceKey;
    await graphqlRequest(testApp, { query: revokeKey, variables: { id }, credential: owner.accessToken });
    for (const candidate of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await graphqlRequest(testApp, { query: revokeKey, variables: { id: candidate }, credential: owner.accessToken });
      expect(response.errors?.[0]?.extensions, candidate).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('refuses an empty or over-long name with INVALID_CONTENT and writes nothing', async () => {
    for (const name of ['   ', 'x'.repeat(101)]) {
      const response = await createServiceKeyAs(otherUser, name);
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_CONTENT', field: 'name' });
    }
    expect(await testApp.database.db.select().from(serviceKeys).where(eq(serviceKeys.userId, otherUser.user.id))).toEqual([]);
  });

  it('cannot be managed with a service key', async () => {
    const { key } = (await createServiceKeyAs(owner, 'Limited')).data!.createServiceKey;
    for (const [query, variables] of [
      [listKeys, {}],
      [createKey, { name: 'Made by a key' }],
      [revokeKey, { id: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const response = await graphqlRequest(testApp, { query, variables, credential: key! });
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHORIZED' });
    }
  });
});
