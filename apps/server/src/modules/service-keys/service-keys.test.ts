import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceKeys } from '../../db/schema/auth.js';
import { eventLogs } from '../../db/schema/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { webDocumentSelecting } from '../../test/web-documents.js';

let testApp: TestApp;
let owner: SignedInUser;
let otherUser: SignedInUser;

const createKey =
  'mutation CreateServiceKey($name: String!) { createServiceKey(name: $name) { id name prefix key createdAt lastUsedAt } }';
const listKeys = 'query GetServiceKeys { serviceKeys { nodes { id name prefix key createdAt lastUsedAt } } }';
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
  it('API2:2023 – returns the key once, stores only its hash, and lists it without the key', async () => {
    const created = await createServiceKeyAs(owner, '  Deploy bot  ');
    expect(created.errors).toBeUndefined();
    const { key, prefix, id, name } = created.data!.createServiceKey;
    expect(name).toBe('Deploy bot');
    expect(key).toMatch(/^dxp_sk_[\w-]{43}$/);
    expect(key!.startsWith(prefix)).toBe(true);

    const [stored] = await testApp.database.db.select().from(serviceKeys).where(eq(serviceKeys.id, id));
    expect(JSON.stringify(stored)).not.toContain(key!.slice(prefix.length));

    const listed = await graphqlRequest<{ serviceKeys: { nodes: ServiceKeyFields[] } }>(testApp, {
      query: listKeys,
      credential: owner.accessToken,
    });
    expect(listed.data!.serviceKeys.nodes).toEqual([
      expect.objectContaining({ id, name: 'Deploy bot', prefix, key: null, lastUsedAt: null }),
    ]);

    const [event] = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'service_key.created'), eq(eventLogs.userId, owner.user.id)));
    expect(event!.payload).toEqual({ serviceKeyId: id, name: 'Deploy bot', prefix });
    expect(JSON.stringify(event)).not.toContain(key!.slice(prefix.length));
  });

  it('API2:2023 – authenticates /graphql as its user, records its use, and is refused on the next call after revocation', async () => {
    const { key, id } = (await createServiceKeyAs(owner, 'Script')).data!.createServiceKey;
    const asKey = await graphqlRequest<{ me: { id: string } }>(testApp, {
      query: 'query GetMe { me { id } }',
      credential: key!,
    });
    expect(asKey.data!.me.id).toBe(owner.user.id);
    const listed = await graphqlRequest<{ serviceKeys: { nodes: ServiceKeyFields[] } }>(testApp, {
      query: listKeys,
      credential: owner.accessToken,
    });
    expect(listed.data!.serviceKeys.nodes.find((serviceKey) => serviceKey.id === id)!.lastUsedAt).not.toBeNull();

    const revoked = await graphqlRequest(testApp, {
      query: revokeKey,
      variables: { id },
      credential: owner.accessToken,
    });
    expect(revoked.errors).toBeUndefined();
    const afterRevocation = await graphqlRequest(testApp, { query: 'query GetMe { me { id } }', credential: key! });
    expect(afterRevocation.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHENTICATED' });

    const stillListed = await graphqlRequest<{ serviceKeys: { nodes: ServiceKeyFields[] } }>(testApp, {
      query: listKeys,
      credential: owner.accessToken,
    });
    expect(stillListed.data!.serviceKeys.nodes.map((serviceKey) => serviceKey.id)).not.toContain(id);
    const events = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'service_key.revoked'), eq(eventLogs.userId, owner.user.id)));
    expect(events.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ serviceKeyId: id, name: 'Script' }),
    );
  });

  it("API1:2023 BOLA – cannot list, revoke or create keys of another user's", async () => {
    const { id } = (await createServiceKeyAs(owner, 'Private')).data!.createServiceKey;
    const othersList = await graphqlRequest<{ serviceKeys: { nodes: ServiceKeyFields[] } }>(testApp, {
      query: listKeys,
      credential: otherUser.accessToken,
    });
    expect(othersList.data!.serviceKeys.nodes).toEqual([]);
    const othersRevoke = await graphqlRequest(testApp, {
      query: revokeKey,
      variables: { id },
      credential: otherUser.accessToken,
    });
    expect(othersRevoke.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const [stored] = await testApp.database.db.select().from(serviceKeys).where(eq(serviceKeys.id, id));
    expect(stored!.revokedAt).toBeNull();
  });

  it('API1:2023 BOLA – answers NOT_FOUND for a revoked, unknown or malformed id', async () => {
    const { id } = (await createServiceKeyAs(owner, 'Twice')).data!.createServiceKey;
    await graphqlRequest(testApp, { query: revokeKey, variables: { id }, credential: owner.accessToken });
    for (const candidate of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await graphqlRequest(testApp, {
        query: revokeKey,
        variables: { id: candidate },
        credential: owner.accessToken,
      });
      expect(response.errors?.[0]?.extensions, candidate).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('refuses an empty or over-long name with INVALID_CONTENT and writes nothing', async () => {
    for (const name of ['   ', 'x'.repeat(101)]) {
      const response = await createServiceKeyAs(otherUser, name);
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_CONTENT', field: 'name' });
    }
    expect(
      await testApp.database.db.select().from(serviceKeys).where(eq(serviceKeys.userId, otherUser.user.id)),
    ).toEqual([]);
  });

  it('API5:2023 BFLA – cannot be managed with a service key', async () => {
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

describe('every service key, for system administrators', () => {
  // The service keys page's own list; also asking for the key, which must stay null, and the count.
  const allKeys = webDocumentSelecting('GetAllServiceKeys', { createdAt: 'key', pageInfo: 'totalCount' });
  const revokeAny =
    'mutation RevokeAnyServiceKey($id: ID!) { revokeAnyServiceKey(id: $id) { id name owner { id email } } }';
  interface AllKeysData {
    allServiceKeys: {
      nodes: (ServiceKeyFields & { owner: { id: string; email: string; firstName: string; lastName: string } })[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
      totalCount: number;
    };
  }
  let systemAdmin: SignedInUser;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
    alice = await signInTestUser(testApp, {
      email: `Alice.Keys-${Date.now()}@Example.test`,
      firstName: 'Alice',
      lastName: 'Keys',
    });
    bob = await signInTestUser(testApp, { email: `bob_100%-${Date.now()}@example.test`, firstName: 'Bob' });
  });

  const listAs = (user: SignedInUser, variables: Record<string, unknown> = {}) =>
    graphqlRequest<AllKeysData>(testApp, { query: allKeys, variables, credential: user.accessToken });

  it('API3:2023 – lists the keys that still work with their owners, newest first, in keyset pages, never the key itself', async () => {
    const first = (await createServiceKeyAs(alice, 'Alice first')).data!.createServiceKey;
    const second = (await createServiceKeyAs(bob, 'Bob second')).data!.createServiceKey;
    const third = (await createServiceKeyAs(alice, 'Alice third')).data!.createServiceKey;
    const revoked = (await createServiceKeyAs(bob, 'Bob revoked')).data!.createServiceKey;
    await graphqlRequest(testApp, { query: revokeKey, variables: { id: revoked.id }, credential: bob.accessToken });

    const all = await listAs(systemAdmin, { first: 100 });
    expect(all.errors).toBeUndefined();
    const mine = all.data!.allServiceKeys.nodes.filter((node) => [alice.user.id, bob.user.id].includes(node.owner.id));
    expect(mine.map((node) => node.id)).toEqual([third.id, second.id, first.id]);
    expect(mine[0]).toMatchObject({
      name: 'Alice third',
      key: null,
      owner: { id: alice.user.id, email: alice.user.email, firstName: 'Alice' },
    });
    expect(JSON.stringify(all.data)).not.toContain(third.key!.slice(third.prefix.length));

    const total = all.data!.allServiceKeys.totalCount;
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await listAs(systemAdmin, { first: 2, after });
      seen.push(...page.data!.allServiceKeys.nodes.map((node) => node.id));
      if (!page.data!.allServiceKeys.pageInfo.hasNextPage) break;
      after = page.data!.allServiceKeys.pageInfo.endCursor;
    }
    expect(seen).toEqual(all.data!.allServiceKeys.nodes.map((node) => node.id));
    expect(seen).toHaveLength(total);
  });

  it("searches the key's name or its owner's email, ignoring case, with % and _ taken literally", async () => {
    const aliceKey = (await createServiceKeyAs(alice, 'Nightly export')).data!.createServiceKey;
    const bobKey = (await createServiceKeyAs(bob, 'Backup job')).data!.createServiceKey;
    const idsFor = async (search: string) =>
      (await listAs(systemAdmin, { search, first: 100 })).data!.allServiceKeys.nodes.map((node) => node.id);

    expect(await idsFor('NIGHTLY EXP')).toEqual([aliceKey.id]);
    const byAliceEmail = await idsFor('alice.keys-');
    expect(byAliceEmail).toContain(aliceKey.id);
    expect(byAliceEmail).not.toContain(bobKey.id);
    expect(await idsFor('bob_100%')).toContain(bobKey.id);
    expect(await idsFor('bob%100')).toEqual([]);
    expect(await idsFor('nothing matches this')).toEqual([]);
    const tooLong = await listAs(systemAdmin, { search: 'x'.repeat(201) });
    expect(tooLong.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it("revokes any user's key at once, names the owner in the event, and refuses it twice", async () => {
    const { id, key } = (await createServiceKeyAs(alice, 'Leaked')).data!.createServiceKey;
    expect(
      (await graphqlRequest(testApp, { query: 'query GetMe { me { id } }', credential: key! })).errors,
    ).toBeUndefined();

    const revoked = await graphqlRequest<{ revokeAnyServiceKey: { id: string; owner: { id: string } } }>(testApp, {
      query: revokeAny,
      variables: { id },
      credential: systemAdmin.accessToken,
    });
    expect(revoked.errors).toBeUndefined();
    expect(revoked.data!.revokeAnyServiceKey).toMatchObject({ id, owner: { id: alice.user.id } });
    const afterRevocation = await graphqlRequest(testApp, { query: 'query GetMe { me { id } }', credential: key! });
    expect(afterRevocation.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHENTICATED' });
    const ownList = await graphqlRequest<{ serviceKeys: { nodes: ServiceKeyFields[] } }>(testApp, {
      query: listKeys,
      credential: alice.accessToken,
    });
    expect(ownList.data!.serviceKeys.nodes.map((serviceKey) => serviceKey.id)).not.toContain(id);
    expect((await listAs(systemAdmin, { search: 'Leaked' })).data!.allServiceKeys.nodes).toEqual([]);

    const [event] = await testApp.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.eventType, 'service_key.revoked'), eq(eventLogs.userId, systemAdmin.user.id)));
    expect(event!.payload).toEqual({
      serviceKeyId: id,
      name: 'Leaked',
      prefix: key!.slice(0, 13),
      ownerUserId: alice.user.id,
      ownerEmail: alice.user.email,
    });

    for (const candidate of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const again = await graphqlRequest(testApp, {
        query: revokeAny,
        variables: { id: candidate },
        credential: systemAdmin.accessToken,
      });
      expect(again.errors?.[0]?.extensions, candidate).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('API5:2023 BFLA – is refused to other users, with nothing revoked, and to a system administrator’s service key', async () => {
    const { id } = (await createServiceKeyAs(bob, 'Safe')).data!.createServiceKey;
    const list = await listAs(alice);
    expect(list.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHORIZED' });
    const revoke = await graphqlRequest(testApp, {
      query: revokeAny,
      variables: { id },
      credential: alice.accessToken,
    });
    expect(revoke.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHORIZED' });
    const [stored] = await testApp.database.db.select().from(serviceKeys).where(eq(serviceKeys.id, id));
    expect(stored!.revokedAt).toBeNull();

    const adminKey = (await createServiceKeyAs(systemAdmin, 'Admin script')).data!.createServiceKey.key!;
    for (const [query, variables] of [
      [allKeys, {}],
      [revokeAny, { id }],
    ] as const) {
      const response = await graphqlRequest(testApp, { query, variables, credential: adminKey });
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'AUTH_NOT_AUTHORIZED' });
    }
  });
});
